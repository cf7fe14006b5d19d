import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { expect, test } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/**
 * MantineProvider would write the theme's CSS variables and its responsive helper classes into every
 * page as <style> elements, and work them out again while the page hydrates. They depend on the theme
 * alone, so the app ships them once in its stylesheet (theme.generated.css, imported by styles.ts)
 * and the provider is told not to (app/provider.tsx, decision 0051). This keeps the file equal to
 * what Mantine writes for the current theme and version: after changing theme.ts or upgrading
 * Mantine, `npx vitest run apps/web/src/theme-css.test.ts -u` writes it again.
 */
test('theme.generated.css is what MantineProvider writes for the theme', async () => {
  const html = renderToString(createElement(MantineProvider, { theme, cssVariablesResolver, defaultColorScheme: 'light' }));
  const blocks = [...html.matchAll(/<style data-mantine-styles="(true|classes)"[^>]*>([\s\S]*?)<\/style>/g)];
  expect(blocks.map((b) => b[1])).toEqual(['true', 'classes']);
  const css = blocks.map((b) => b[2]).join('\n');
  await expect(`/* Written by theme-css.test.ts from theme.ts (do not edit): Mantine's variables and classes. */\n${css}\n`).toMatchFileSnapshot(
    './theme.generated.css',
  );
});

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

test("the light and subtle variants' text passes WCAG AA on their backgrounds, hovered or not", async () => {
  const { readFile } = await import('node:fs/promises');
  const { createRequire } = await import('node:module');
  const defaults = await readFile(createRequire(import.meta.url).resolve('@mantine/core/styles/default-css-variables.css'), 'utf8');
  const ours = await readFile(new URL('./theme.generated.css', import.meta.url), 'utf8');
  // Later declarations win, as in the page: Mantine's defaults, then the theme's (the light scheme's).
  const vars = new Map<string, string>();
  for (const css of [defaults, ours]) for (const m of css.matchAll(/(--mantine-color-[\w-]+):\s*([^;}]+)/g)) vars.set(m[1]!, m[2]!.trim());
  const resolve = (name: string): string => {
    let value = vars.get(name) ?? '';
    for (let m = /^var\((--[\w-]+)\)$/.exec(value); m; m = /^var\((--[\w-]+)\)$/.exec(value)) value = vars.get(m[1]!) ?? '';
    return value;
  };
  const ratio = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };
  // Every colour the app gives a component, and its brand colours.
  for (const color of ['red', 'gray', 'green', 'yellow', 'teal', 'dark', 'ocean', 'coral', 'orange', 'blue', 'cyan']) {
    const text = resolve(`--mantine-color-${color}-light-color`);
    for (const background of ['light', 'light-hover']) {
      const fill = resolve(`--mantine-color-${color}-${background}`);
      expect(text, color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(fill, `${color}-${background}`).toMatch(/^#[0-9a-f]{6}$/i);
      expect(ratio(text, fill), `${color} text on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  }
});
