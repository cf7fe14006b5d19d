import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The catalogs the browser fetches when a screen first needs one (lib/i18n.ts), as plain JSON files
 * under /assets/locales/<version>/<language>/<namespace>.json. The version is a hash of every catalog,
 * so the files are cached for good and a changed word reaches people with the next build. Fetched by
 * one URL pattern, not one import per file: the app's entry carries no list of sixty chunks.
 * Server rendering reads the catalogs from the source (entry-server.tsx), not from here.
 */
export function catalogs(): Plugin {
  const dir = path.resolve(import.meta.dirname);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /^\w+[\\/]\w+\.json$/.test(f))
    .map((f) => f.split(path.sep).join('/'))
    .sort();
  const read = (file: string) => JSON.stringify(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
  const version = createHash('sha256')
    .update(files.map((f) => f + read(f)).join('\n'))
    .digest('hex')
    .slice(0, 10);
  const base = `/assets/locales/${version}`;
  let serverBuild = false;
  return {
    name: 'caribconnect-catalogs',
    configResolved(config) {
      serverBuild = !!config.build.ssr;
    },
    config: () => ({ define: { 'import.meta.env.CATALOGS_URL': JSON.stringify(base) } }),
    // npm run dev:web: the same URLs, answered from the source.
    configureServer(server) {
      server.middlewares.use(base, (req, res, next) => {
        const file = req.url?.split('?')[0].replace(/^\//, '') ?? '';
        if (!files.includes(file)) return next();
        res.setHeader('content-type', 'application/json');
        res.end(read(file));
      });
    },
    generateBundle() {
      if (serverBuild) return;
      for (const file of files) this.emitFile({ type: 'asset', fileName: `${base.slice(1)}/${file}`, source: read(file) });
    },
  };
}
