import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { catalogs } from './src/locales/vite-plugin';
import { lightSchemeOnly } from './src/light-scheme-only';
import { mantineWithoutProvider, withoutProvider } from './src/mantine-without-provider';
import { serviceWorker } from './src/sw/vite-plugin';

// The development loop: this dev server on 5173 and the API server (npm run dev, port 3000) side by
// side; /api goes to the API server. API_URL points it elsewhere (another port or machine). Pages
// are client-rendered there; the built app is server-rendered (docs/decisions/0017-server-rendering.md).
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * In the server build, every `import('./x')` of our source becomes
 * `__ssrTrack('src/…/x.tsx', import('./x'))`: a render records which lazy screens a page used, and
 * the server preloads their client chunks (found under the same key in the client manifest), so a
 * screen's code does not wait for the entry to load and ask for it.
 */
function trackLazyImports(): Plugin {
  let root = '';
  return {
    name: 'caribconnect:track-lazy-imports',
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id, options) {
      if (!options?.ssr || id.includes('node_modules') || !/\.(tsx?|jsx?)$/.test(id)) return null;
      const found = [...code.matchAll(/\bimport\((['"])(\.{1,2}\/[^'"]+)\1\)/g)];
      if (!found.length) return null;
      let out = code;
      for (const [call, , spec] of found) {
        const resolved = await this.resolve(spec, id);
        if (!resolved || resolved.id.includes('node_modules') || resolved.id.endsWith('.json')) continue;
        const key = path.relative(root, resolved.id.split('?')[0]).split(path.sep).join('/');
        out = out.split(call).join(`globalThis.__ssrTrack(${JSON.stringify(key)}, ${call})`);
      }
      return { code: out, map: null };
    },
  };
}

/**
 * The theme's CSS variables and Mantine's helper classes ship in the stylesheet (src/theme.generated.css)
 * and MantineProvider is told not to write them (app/provider.tsx), so the components that would (and
 * the variable resolvers only they use, about 1.5 KB of the entry) are left out of the builds: with
 * those props off they never render. docs/decisions/0051-hydration-work-and-first-bytes.md.
 */
function withoutMantineRuntimeCss(): Plugin {
  const unused =
    /@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/](MantineCssVariables[\\/]MantineCssVariables|MantineClasses[\\/]MantineClasses)\.mjs$/;
  // MantineProvider's default colour-scheme manager (it reads localStorage) was code in every first
  // load, although app/provider.tsx always passes its own light-only manager: a no-op stands in.
  const storageManager = /@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]color-scheme-managers[\\/]local-storage-manager\.mjs$/;
  return {
    name: 'caribconnect:without-mantine-runtime-css',
    load(id) {
      const file = id.split('?')[0]!;
      if (unused.test(file)) return 'export const MantineCssVariables = () => null;\nexport const MantineClasses = () => null;\n';
      if (storageManager.test(file))
        return 'export const localStorageColorSchemeManager = () => ({ get: (d) => d, set() {}, subscribe() {}, unsubscribe() {}, clear() {} });\n';
      return null;
    },
  };
}

/**
 * Every chunk of the browser build starts with V8's compile hint (Chrome 136 and later): the browser
 * compiles all of a file's functions on a background thread while the file streams in, instead of
 * each one on the main thread the first time it runs. Hydrating a page runs most of the code it
 * loaded, and compiling it there was much of the first pass (/jobs: 166–239 ms before, 126–176 ms
 * after; docs/decisions/0061). A chunk is only fetched when its screen or part is needed. Other
 * browsers read a comment.
 */
function compileHints(): Plugin {
  return {
    name: 'caribconnect:compile-hints',
    generateBundle: {
      // After the bundler's own last touches (its preload helper goes on top of a chunk).
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
          // One more line at the top: the map's lines move down with the code. The bundler has
          // already made the map file by now (a build with --sourcemap).
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  // The service worker belongs to the browser build only.
  plugins: [
    mantineWithoutProvider(),
    react(),
    trackLazyImports(),
    catalogs(),
    ...(command === 'build' ? [withoutMantineRuntimeCss()] : []),
    ...(isSsrBuild ? [] : [serviceWorker()]),
    ...(command === 'build' && !isSsrBuild ? [compileHints()] : []),
  ],
  // Every build and the development server: what a developer sees is what ships.
  css: { postcss: { plugins: [lightSchemeOnly()] } },
  // The development server's pre-bundled @mantine/core gets the same two fallbacks as the builds.
  optimizeDeps: {
    rolldownOptions: {
      plugins: [{ name: 'caribconnect:mantine-without-provider', transform: (code: string, id: string) => withoutProvider(id, code) }],
    },
  },
  // The server renderer carries its libraries (React DOM's server renderer among them): it runs from
  // the build's directory with nothing resolved at run time but Node's own modules.
  ssr: command === 'build' ? { noExternal: true } : undefined,
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    // changeOrigin false: the API sees the browser's host, so its same-origin checks (CSRF, better-auth)
    // accept the dev server's origin as they accept its own.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The client build's manifest maps each screen's source to its chunk and CSS (plugins/web.ts).
    manifest: !isSsrBuild,
    // Every browser that runs ES2022 but one (Safari before 17) preloads modules itself; there the
    // screens' chunks are fetched when imported rather than a moment earlier.
    modulePreload: { polyfill: false },
    // public/ (icons, manifest) is served from the client build; the server bundle needs none of it.
    copyPublicDir: !isSsrBuild,
    rollupOptions: {
      // The page's first script (src/intl-early.ts) is an entry of its own: the server puts it first
      // in the head, and it must not import anything the app's entry shares.
      input: isSsrBuild
        ? undefined
        : { index: path.resolve(import.meta.dirname, 'index.html'), 'intl-early': path.resolve(import.meta.dirname, 'src/intl-early.ts') },
      output: {
        // A first page loads React and React DOM (they change less often than our code, so they stay
        // cached across releases), the entry ('$initial': the app shell, i18next, TanStack
        // Query, Mantine's provider and theme) and its screen. What screens share comes in a few named chunks rather
        // than one file per component: each file is a request with its headers, and a slow link pays a
        // round trip for every six. 'layout' is small and for the public screens (dates, category
        // names): /, /jobs and a job render no Mantine component, only its markup drawn plainly
        // (decisions 0065, 0066), so Mantine's component code goes with the screens that use it
        // ('mantine'); 'kit' what the public lists
        // add (Load more, the filters, the job cards' styles); 'popups' Select and floating-ui, dialogs
        // and the bigger form inputs, which the public screens load only when someone opens one.
        // Everything else is left to the bundler, so it arrives with the first screen that uses it.
        // docs/decisions/0018-fewer-bytes.md and 0023 say why each is where it is; `npm run bench:web`
        // measures the result.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 5 },
            // Not the page's first script (src/intl-early.ts), nor the Intl worker inlined in it, nor the watch
            // over the app's scripts it runs (lib/first-scripts.ts): that file stays on its own, and must
            // not load the entry it is there to watch.
            {
              name: 'initial',
              tags: ['$initial'],
              test: /^(?!.*[\\/]src[\\/](intl-early\.ts$|lib[\\/](first-scripts\.ts$|intl-warm-up\.worker\.ts\?)))/,
              priority: 4,
            },
            // With them the toast and error text that most public screens' controls share: here, not
            // two files of a few hundred bytes each, each a request with its headers on the slow link
            // (decision 0067's fifth addendum).
            {
              name: 'layout',
              test: /apps[\\/]web[\\/]src[\\/](lib[\\/](format-date|job-category-label|use-typed-before-hydration|errors)\.ts|components[\\/]toast\.ts)$/,
              priority: 3,
            },
            // The Save button of the job and ad cards and pages, and a job's facts: one file for the
            // pages that show them (/jobs, a job, /ads), rather than three.
            {
              name: 'save',
              test: /apps[\\/]web[\\/]src[\\/](lib[\\/]saved\.ts|components[\\/]save-button\.(tsx|module\.css)|features[\\/]jobs[\\/]components[\\/]job-facts\.ts)$/,
              priority: 3,
            },
            // The machinery Mantine's components share (Box, its style props, the Styles API) and the
            // components most screens render: one file for the screens that render Mantine components
            // (the first load of /, /jobs or a job renders none), rather than a request per component. The
            // others (tables, tabs, avatars...) arrive with the first screen that uses them.
            {
              name: 'mantine',
              test: /@mantine[\\/]core[\\/]esm[\\/](core|utils|components[\\/](Alert|Anchor|Badge|Box|Button|Card|Center|CloseButton|Container|Group|Input|InputBase|Loader|NativeSelect|Paper|PasswordInput|SimpleGrid|Stack|Text|Textarea|TextInput|ThemeIcon|Title|Transition|UnstyledButton|VisuallyHidden))[\\/]/,
              priority: 3,
            },
            // What the public lists share: one file instead of six of a few hundred bytes each.
            {
              name: 'kit',
              test: /apps[\\/]web[\\/]src[\\/](components[\\/](load-more|paged-list|refreshing-status|debounced-text-filter|filter-select|filter-form|searchable-select[\\/]searchable-select)\.tsx|lib[\\/]filter-form\.ts|features[\\/]jobs[\\/](api[\\/]get-job-categories\.ts|components[\\/]jobs\.module\.css))$/,
              priority: 2,
            },
            // The shared constants the public screens read (countries of the region, specialties,
            // statuses): here, or the schemas that also import them would carry them, and zod with them.
            {
              name: 'constants',
              test: /packages[\\/]shared[\\/]src[\\/]constants[\\/](caribbean|specialties|application-statuses|ad-categories)\.ts$/,
              priority: 2,
            },
            // zod and the shared schemas: one file for every screen that validates, not one per schema.
            { name: 'schemas', test: /node_modules[\\/]zod[\\/]|packages[\\/]shared[\\/]src[\\/](zod|[\w-]+\.schema)\.ts$/, priority: 1 },
            {
              name: 'popups',
              test: /node_modules[\\/](@floating-ui|react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|detect-node-es)[\\/]|@mantine[\\/]core[\\/]esm[\\/](components[\\/](Popover|Combobox|ScrollArea|Select|Autocomplete|Modal|ModalBase|FocusTrap|Portal|Overlay|Checkbox|FileInput|FileButton)|utils[\\/]Floating)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
}));
