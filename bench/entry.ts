/**
 * npm run bench:entry: what the app's entry chunk carries, module by module.
 *
 * Builds the browser app into a temporary directory with a plugin that records every chunk's modules
 * (their size in the bundle before minifying, after tree-shaking), then prints the entry's and the
 * React chunk's size as served (brotli, quality 11 as scripts/precompress.mjs writes it), the
 * entry's modules grouped by package or folder, and its largest modules. Everything in the entry is
 * in every first load, so this is the list to read before taking bytes from it (decision 0067):
 * a module that only one screen, or only a click, needs belongs in a route chunk or a lazy import.
 *
 * Environment: ENTRY_TOP (40), the number of single modules printed. It only prints.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build, type Plugin } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const TOP = Number(process.env.ENTRY_TOP ?? 40);
const log = (line = '') => process.stdout.write(`${line}\n`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const brotli = (text: string) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

interface Chunk {
  file: string;
  isEntry: boolean;
  name: string;
  code: string;
  modules: Array<{ id: string; length: number }>;
}

const chunks: Chunk[] = [];
const record: Plugin = {
  name: 'bench:record-chunks',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        chunks.push({
          file: chunk.fileName,
          isEntry: chunk.isEntry,
          name: chunk.name,
          code: chunk.code,
          modules: Object.entries(chunk.modules).map(([id, m]) => ({ id, length: m.renderedLength })),
        });
      }
    },
  },
};

const out = mkdtempSync(path.join(web, '.bench-dist-'));
try {
  log(`building the web app into ${out} ...`);
  await build({ root: web, configFile: path.join(web, 'vite.config.ts'), logLevel: 'warn', plugins: [record], build: { outDir: out, emptyOutDir: true } });
  const html = readFileSync(path.join(out, 'index.html'), 'utf8');
  const entryFile = /<script type="module" crossorigin src="\/([^"]+)"/.exec(html)?.[1];
  const entry = chunks.find((c) => c.file === entryFile);
  if (!entry) throw new Error(`no entry chunk named in ${out}/index.html`);
  const react = chunks.find((c) => c.name === 'react');
  const relative = (id: string) => path.relative(root, id.split('?')[0]!).split(path.sep).join('/');
  // A package (node_modules/@scope/name) or our folder down to three levels (apps/web/src/lib).
  const group = (id: string) => {
    const at = relative(id);
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(at);
    return pkg
      ? pkg[1]!
      : at
          .split('/')
          .slice(0, at.startsWith('apps/web/src/features/') ? 5 : 4)
          .join('/');
  };
  const rendered = entry.modules.reduce((sum, m) => sum + m.length, 0);

  log(`\n=== the entry, ${entry.file} ===`);
  log(`served: ${kb(brotli(entry.code))} brotli (${kb(entry.code.length)} minified), ${entry.modules.length} modules, ${kb(rendered)} before minifying`);
  if (react) log(`the React chunk beside it: ${kb(brotli(react.code))} brotli (${kb(react.code.length)} minified)`);
  log("(a module's share of the brotli size is about its share of the size before minifying)");

  const groups = new Map<string, number>();
  for (const m of entry.modules) groups.set(group(m.id), (groups.get(group(m.id)) ?? 0) + m.length);
  log('\nby package or folder (size before minifying, share of the entry)');
  for (const [name, length] of [...groups].sort((a, b) => b[1] - a[1]).filter(([, length]) => length > 0))
    log(`  ${kb(length).padStart(9)}  ${((100 * length) / rendered).toFixed(1).padStart(5)} %  ${name}`);

  log(`\nthe ${TOP} largest modules`);
  for (const m of [...entry.modules].sort((a, b) => b.length - a.length).slice(0, TOP)) log(`  ${kb(m.length).padStart(9)}  ${relative(m.id)}`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
