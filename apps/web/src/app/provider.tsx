import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { OverlayHost } from '../components/overlay-host';
import { queryClient } from '../lib/query-client';

/**
 * `client`: the server passes each page render its own; the browser uses its one client.
 * No MantineProvider: Mantine's components find the app's theme and settings without one
 * (mantine-without-provider.ts), so its code comes with the first screen or dialog that renders a
 * Mantine component rather than in every first load. The theme's CSS variables and Mantine's helper
 * classes are in the stylesheet (theme.generated.css, decision 0051).
 */
export function AppProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <OverlayHost />
    </QueryClientProvider>
  );
}
