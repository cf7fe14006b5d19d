import { cssVariablesResolver, theme } from './theme';

/**
 * What MantineProvider would give Mantine's components, for the app that renders none
 * (mantine-without-provider.ts): the theme's overrides (Mantine merges them with its defaults where
 * they are read) and the provider's settings as app/provider.tsx used to pass them. One scheme,
 * light (light-scheme-only.ts), so nothing switches it.
 */
export { theme };

export const settings = {
  colorScheme: 'light' as const,
  setColorScheme: () => {},
  clearColorScheme: () => {},
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  getStyleNonce: undefined,
  cssVariablesResolver,
  cssVariablesSelector: ':root',
  withStaticClasses: true,
  stylesTransform: undefined,
  env: undefined,
  deduplicateInlineStyles: false,
};
