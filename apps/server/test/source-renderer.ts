import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The web app's source folder: tests that render pages load its renderer from here, not from a build. */
export const WEB = path.resolve(import.meta.dirname, '../../web');

/**
 * A stand-in for apps/web/dist whose server entry re-exports the web app's source renderer, so
 * tests render real pages (with React, from source) without `npm run build`. Pass it as `webDist`.
 * The caller removes the folder when done.
 */
export async function sourceRendererDist(prefix: string): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), `caribconnect-${prefix}-`));
  await mkdir(path.join(dist, 'server'), { recursive: true });
  await mkdir(path.join(dist, '.vite'));
  await copyFile(path.join(WEB, 'index.html'), path.join(dist, 'index.html'));
  await writeFile(path.join(dist, 'server', 'entry-server.js'), `export * from ${JSON.stringify(path.join(WEB, 'src', 'entry-server.tsx'))};`);
  await writeFile(path.join(dist, '.vite', 'manifest.json'), '{}');
  // Loaded here, in the caller's beforeAll, not in a test's first render: from source, and with
  // @mantine/core through Vite (vitest.config.ts), the first load takes seconds on a busy machine,
  // and a render has 10 s before it gives up and the page falls back to the browser's rendering.
  await Promise.all([import(path.join(WEB, 'src', 'entry-server.tsx')), import('@mantine/core')]);
  return dist;
}
