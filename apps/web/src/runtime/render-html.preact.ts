import type { ReactNode } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';

/**
 * The page's HTML, once every lazy component and Suspense boundary has resolved: the page arrives
 * whole, with nothing outlined (the CSP forbids the inline scripts that would put it in place).
 * Rendered by Preact, as the browser hydrates with Preact: the ids `useId` gives (Mantine's labels,
 * its responsive styles) are the same on both sides only when the same library made them.
 */
export async function renderToHtml(app: ReactNode, signal: AbortSignal): Promise<string> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  return Promise.race([renderToStringAsync(app as never), aborted]);
}
