import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';

/**
 * The page's HTML, once every lazy component and Suspense boundary has resolved: the page arrives
 * whole. No boundary is outlined (React moves large ones to the end with an inline script to put them
 * in place, which the CSP forbids): each stays where it belongs. This is React's renderer, used where
 * the app runs on React (the development loop and the tests that render pages from source); the
 * built server renders with Preact (render-html.preact.ts, swapped in by vite.config.ts).
 */
export async function renderToHtml(app: ReactNode, signal: AbortSignal): Promise<string> {
  const { prelude } = await prerenderToNodeStream(app, { signal, progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}
