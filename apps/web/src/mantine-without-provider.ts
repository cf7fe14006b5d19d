import path from 'node:path';
import type { Plugin } from 'vite';

const DEFAULTS = path
  .resolve(import.meta.dirname, 'mantine-defaults.ts')
  .split(path.sep)
  .join('/');

/**
 * Mantine's components read the theme and the provider's settings from two contexts, and throw when
 * no MantineProvider is above them. The provider's code (the default theme and colours, the variant
 * colour resolver, the colour functions, about 4.4 KB brotli) was in every first load although
 * `/`, /jobs and a job render no Mantine component (decisions 0065, 0066). So the app renders no
 * provider: where the contexts are empty, these two modules fall back to the app's theme and
 * settings (mantine-defaults.ts), which then arrive with the first Mantine component a screen or a
 * dialog loads. Every build, the development server and the server renderer run it; a Mantine
 * release that changes these lines fails the build here (and mantine-without-provider.test.ts).
 * Decision 0067, fifth addendum.
 */
export const PATCHES: Array<{ file: RegExp; edits: Array<[string, string]>; prelude: string }> = [
  {
    file: /@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]Mantine\.context\.mjs$/,
    prelude: `import { settings as __appSettings } from ${JSON.stringify(DEFAULTS)};\n`,
    edits: [['if (!ctx) throw new Error("[@mantine/core] MantineProvider was not found in tree");', 'if (!ctx) return __appSettings;']],
  },
  {
    file: /@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineThemeProvider[\\/]MantineThemeProvider\.mjs$/,
    prelude: `import { theme as __appOverrides } from ${JSON.stringify(DEFAULTS)};\n`,
    edits: [
      [
        'const MantineThemeContext = createContext(null);',
        'const MantineThemeContext = createContext(null);\nlet __appTheme;\nconst appTheme = () => (__appTheme ??= mergeMantineTheme(DEFAULT_THEME, __appOverrides));',
      ],
      ['use(MantineThemeContext) || DEFAULT_THEME', 'use(MantineThemeContext) || appTheme()'],
      [
        'if (!ctx) throw new Error("@mantine/core: MantineProvider was not found in component tree, make sure you have it in your app");',
        'if (!ctx) return appTheme();',
      ],
    ],
  },
];

/** The two modules' code with the fallbacks; throws when a line to change is not there. */
export function withoutProvider(id: string, code: string): string | null {
  const file = id.split('?')[0]!;
  const patch = PATCHES.find((p) => p.file.test(file));
  if (!patch) return null;
  let out = code;
  for (const [from, to] of patch.edits) {
    if (!out.includes(from)) throw new Error(`mantine-without-provider: ${path.basename(file)} no longer has ${JSON.stringify(from)}`);
    out = out.replace(from, to);
  }
  return patch.prelude + out;
}

export function mantineWithoutProvider(): Plugin {
  return {
    name: 'caribconnect:mantine-without-provider',
    enforce: 'pre',
    transform(code, id) {
      const out = withoutProvider(id, code);
      return out === null ? null : { code: out, map: null };
    },
  };
}
