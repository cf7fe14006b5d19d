import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// networkMode 'always': requests go out even when the browser believes it is offline, and fail
// with a message a person can act on, instead of pausing silently with a spinner (navigator.onLine
// is unreliable on flaky mobile links anyway).
export const queryClient = new QueryClient({
  defaultOptions: {
    mutations: { networkMode: 'always' },
    queries: {
      networkMode: 'always',
      staleTime: 30_000,
      refetchOnWindowFocus: true,
      // 4xx answers will not change on retry; network hiccups on slow links might.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});
