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
