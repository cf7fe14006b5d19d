import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';

/**
 * Builds src/sw/service-worker.ts into dist/sw.js once the app is built, with the shell's file list
 * written into it: the entry chunk, the chunks it imports and their CSS, and the files of public/.
 * Screens' chunks and catalogs are not in the list: the worker keeps them when first used.
 */
export function serviceWorker(): Plugin {
  let root = '';
  let outDir = '';
  let publicDir = '';
  let shell: string[] = [];
  return {
    name: 'caribconnect-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const files = new Set<string>();
      const visit = (fileName: string) => {
        const item = bundle[fileName];
        if (!item || files.has(fileName)) return;
        files.add(fileName);
        if (item.type !== 'chunk') return;
        item.imports.forEach(visit);
        item.viteMetadata?.importedCss.forEach((css) => files.add(css));
      };
      for (const item of Object.values(bundle)) if (item.type === 'chunk' && item.isEntry) visit(item.fileName);
      shell = [...files].sort().map((f) => `/${f}`);
    },
    async closeBundle() {
      const publicFiles = publicDir
        ? readdirSync(publicDir, { recursive: true, withFileTypes: true })
            .filter((d) => d.isFile() && !d.name.startsWith('.'))
            .map((d) => `/${path.relative(publicDir, path.join(d.parentPath, d.name)).split(path.sep).join('/')}`)
        : [];
      const precache = [...shell, ...publicFiles.sort()];
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: { __PRECACHE__: JSON.stringify(precache), __SW_VERSION__: JSON.stringify(version) },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          sourcemap: false,
          // A classic script: every browser that has service workers runs it (module workers are newer).
          rolldownOptions: { input: path.join(root, 'src/sw/service-worker.ts'), output: { format: 'iife', entryFileNames: 'sw.js' } },
        },
      });
    },
  };
}
