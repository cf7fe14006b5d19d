import type { CSSVariablesResolver, MantineColorsTuple, MantineThemeOverride } from '@mantine/core';
import classes from './theme.module.css';

// The one place for brand colours, type scale and spacing.
// Shades 8 and 9 (hover and filled) both pass WCAG AA with white text.
const ocean: MantineColorsTuple = ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#22b8cf', '#15aabf', '#0c8599', '#0b7285', '#0a5f6e'];
const coral: MantineColorsTuple = ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#f76707', '#e8590c', '#d9480f'];

const optionsScroll = { maxHeight: 300, overflowY: 'auto' } as const;

// A plain object (createTheme returns its argument): nothing of @mantine/core's code is imported here,
// since Mantine's own context module imports this theme (mantine-without-provider.ts).
export const theme: MantineThemeOverride = {
  primaryColor: 'ocean',
  primaryShade: { light: 9, dark: 5 },
  colors: { ocean, coral },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif', fontWeight: '700' },
  defaultRadius: 'md',
  spacing: { xs: '0.5rem', sm: '0.75rem', md: '1rem', lg: '1.5rem', xl: '2rem' },
  components: {
    // Every input kind (text, select, file, password) is styled through Input. The object Input.extend
    // would return, written out: importing Input here would put its code (and Box's) in every first load.
    Input: { classNames: { input: classes.input } },
    // Links inside text must not rely on colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // Spec: dropdown menus between 140 and 300 px high, five options a page. The listbox itself
    // scrolls, not a ScrollArea inside it: a nested scroll region is one a keyboard cannot reach
    // (axe: scrollable-region-focusable), while the listbox is driven from its combobox input.
    // Plain objects rather than Select.extend(): importing Select here would put it, and floating-ui,
    // in every screen's first load.
    Select: { defaultProps: { withScrollArea: false, comboboxProps: { shadow: 'md' } }, styles: { options: optionsScroll } },
    Autocomplete: { defaultProps: { withScrollArea: false }, styles: { options: optionsScroll } },
    // A dialog's header is not the page's banner (axe: landmark-no-duplicate-banner): Mantine renders
    // it as <header>, which screen readers would list as a second banner landmark.
    Modal: { defaultProps: { attributes: { header: { role: 'presentation' } } } },
    Drawer: { defaultProps: { attributes: { header: { role: 'presentation' } } } },
  },
};

/**
 * Mantine's default dimmed grey and error red fail WCAG AA contrast on white; ours pass. So does its
 * text on the light and subtle variants' tinted backgrounds, hovered: red's shade 9 on its hover
 * shade is 3.8:1 (a journey's axe check caught a hovered Block button). These text colours are
 * shade 9 darkened until it passes 4.5:1 on both the light and the hover shade.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#6c737a',
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-red-light-color': '#af2525',
    '--mantine-color-green-light-color': '#237133',
    '--mantine-color-yellow-light-color': '#a35400',
    '--mantine-color-teal-light-color': '#077050',
    '--mantine-color-orange-light-color': '#ab390c',
    '--mantine-color-coral-light-color': '#ab390c',
    '--mantine-color-blue-light-color': '#165b9c',
    '--mantine-color-cyan-light-color': '#0a697a',
  },
  dark: {},
});
