import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'vite';

/**
 * Parts of the shell that load on first use (decision 0018) but must work offline on a device that
 * never used them: the phone menu's drawer, and the dialogs and toasts. Precached with the shell
 * (docs/decisions/0031): a person who loses the signal can still open the menu or a dialog.
 */
const OFFLINE_READY = [/\/src\/components\/drawer\.tsx$/, /\/src\/components\/overlays\.tsx$/];

/**
 * Builds src/sw/service-worker.ts into dist/sw.js once the app is built, with the shell's file list
 * written into it: the entry chunk, the chunks it imports and their CSS, the OFFLINE_READY chunks
 * with theirs, and the files of public/. Screens' chunks and catalogs are not in the list: the
 * worker keeps them when first used.
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
      for (const item of Object.values(bundle))
        if (item.type === 'chunk' && (item.isEntry || OFFLINE_READY.some((re) => item.facadeModuleId && re.test(item.facadeModuleId)))) visit(item.fileName);
      shell = [...files].sort().map((f) => `/${f}`);
    },
    async closeBundle() {
      const publicFiles = publicDir
        ? readdirSync(publicDir, { recursive: true, withFileTypes: true })
            .filter((d) => d.isFile() && !d.name.startsWith('.'))
            .map((d) => `/${path.relative(publicDir, path.join(d.parentPath, d.name)).split(path.sep).join('/')}`)
        : [];
      // Only files that were written: a chunk of nothing but a CSS import is listed among a chunk's
      // imports but never emitted, and one missing file would fail the whole install.
      const precache = [...shell.filter((file) => existsSync(path.join(outDir, file))), ...publicFiles.sort()];
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
