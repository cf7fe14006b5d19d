import { MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { OverlayHost } from '../components/overlay-host';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from '../theme';

// The app has one scheme (light-scheme-only.ts): no need for Mantine's default manager, which reads
// localStorage while the page hydrates (a device's first read of it opens its store).
const lightOnly: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => {},
  subscribe: () => {},
  unsubscribe: () => {},
  clear: () => {},
};

/** `client`: the server passes each page render its own; the browser uses its one client. */
export function AppProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    // The theme's CSS variables and Mantine's helper classes are in the stylesheet (theme.generated.css,
    // decision 0051): not written into every page, nor worked out again while it hydrates.
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      colorSchemeManager={lightOnly}
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <QueryClientProvider client={client}>
        {children}
        <OverlayHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}
