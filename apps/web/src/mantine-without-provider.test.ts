import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createElement, type FC, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Button, MantineProvider, useMantineContext, useMantineTheme } from '@mantine/core';
import { describe, expect, test } from 'vitest';
import { PATCHES, withoutProvider } from './mantine-without-provider';
import { cssVariablesResolver, theme } from './theme';

// Button's polymorphic props are more than createElement's overloads can check.
const AnyButton = Button as unknown as FC<{ children?: ReactNode }>;
const require = createRequire(import.meta.url);
const mantineFile = (rel: string) => require.resolve('@mantine/core').replace(/cjs[\\/]index\.cjs$/, `esm/core/MantineProvider/${rel}`);
const FILES = ['Mantine.context.mjs', 'MantineThemeProvider/MantineThemeProvider.mjs'].map(mantineFile);

describe('Mantine without a provider', () => {
  test('the installed Mantine still has every line the change replaces', () => {
    for (const file of FILES) {
      const out = withoutProvider(file, readFileSync(file, 'utf8'));
      expect(out).not.toBeNull();
      expect(out).not.toMatch(/MantineProvider was not found/);
    }
    expect(PATCHES).toHaveLength(FILES.length);
  });

  test('a Mantine release without those lines stops the build rather than shipping a page that throws', () => {
    expect(() => withoutProvider(FILES[0]!, 'export const x = 1;')).toThrow(/no longer has/);
    expect(withoutProvider('/app/src/other.mjs', 'export const x = 1;')).toBeNull();
  });

  test("a component renders with the app's theme and settings, as it did inside MantineProvider", () => {
    const inProvider = renderToStaticMarkup(
      createElement(
        MantineProvider,
        { theme, cssVariablesResolver, defaultColorScheme: 'light', withCssVariables: false, withGlobalClasses: false },
        createElement(AnyButton, null, 'Apply'),
      ),
    );
    const bare = renderToStaticMarkup(createElement(AnyButton, null, 'Apply'));
    expect(bare).toBe(inProvider);
    expect(bare).toContain('mantine-Button-root');

    let seen: { primary: string; prefix: string } | null = null;
    function Probe() {
      seen = { primary: useMantineTheme().primaryColor, prefix: useMantineContext().classNamesPrefix };
      return null;
    }
    renderToStaticMarkup(createElement(Probe));
    expect(seen).toEqual({ primary: 'ocean', prefix: 'mantine' });
  });
});
