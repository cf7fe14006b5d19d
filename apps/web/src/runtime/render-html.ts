import type { ReactNode } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';

/**
 * The page's HTML, rendered by React DOM's streaming server renderer once every lazy component and
 * Suspense boundary has resolved: the page arrives whole. No boundary is outlined (React moves a
 * large one to the end with an inline script to put it in place, which the CSP forbids): each stays
 * where it belongs. The browser hydrates it with React DOM's `hydrateRoot` (entry-client.tsx), so
 * the ids `useId` makes agree on both sides. The server has already sent the page's head while this
 * renders (decision 0048).
 */
export function renderToHtml(app: ReactNode, signal: AbortSignal): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed: unknown = null;
    const stream = renderToPipeableStream(app, {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        if (failed) reject(failed);
        else stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        // A boundary that failed on the server would be rendered by the browser instead: the page
        // is answered as an error rather than sent with a hole in it.
        failed ??= error;
      },
    });
    if (signal.aborted) stream.abort(signal.reason);
    else signal.addEventListener('abort', () => (stream.abort(signal.reason), reject(signal.reason)), { once: true });
  });
}
