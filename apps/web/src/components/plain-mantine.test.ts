import { createElement, type FC, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  Alert,
  Anchor,
  Badge,
  Burger,
  Button,
  InputClearButton,
  Loader,
  Skeleton,
  UnstyledButton,
  Card,
  Checkbox,
  ThemeIcon,
  Center,
  ComboboxChevron,
  InputBase,
  Container,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { describe, expect, test } from 'vitest';
import {
  PlainAlert,
  plainAnchor,
  PlainBadge,
  PlainBurger,
  PlainLoader,
  PlainSkeleton,
  PlainUnstyledButton,
  plainButton,
  PlainButton,
  plainButtonLabel,
  PlainCard,
  PlainCenter,
  PlainCheckbox,
  PlainContainer,
  PlainGroup,
  PlainNativeSelect,
  PlainPaper,
  PlainStack,
  PlainText,
  PlainTextInput,
  PlainThemeIcon,
  PlainTitle,
} from './plain-mantine';

/**
 * The plain components draw Mantine's markup without Mantine's render (plain-mantine.tsx): each must
 * give the HTML of the Mantine component it stands for, with the app's theme, so Mantine's stylesheet
 * styles both alike. Compared as the browser reads it: attributes and class names in any order, and
 * the ids (which each side makes its own way) by where they are used.
 */
function html(element: ReactElement): string {
  // Without a provider, as the app renders them (mantine-without-provider.ts).
  const markup = renderToStaticMarkup(element);
  const ids = new Map<string, string>();
  // An id and the ids made from it (a label's, an alert's title and message).
  const idOf = (value: string) => {
    const [, base, suffix = ''] = /^(.*?)(-label|-title|-body)?$/.exec(value)!;
    if (!ids.has(base!)) ids.set(base!, `id${ids.size}`);
    return ids.get(base!)! + suffix;
  };
  return markup.replace(/<([a-z]+)([^>]*?)(\/?)>/g, (_, tag: string, attributes: string, selfClosing: string) => {
    const sorted = [...attributes.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)]
      .map(([, name, value]) => {
        if (value === undefined) return name!;
        if (name === 'id' || name === 'for' || name === 'aria-describedby' || name === 'aria-labelledby') return `${name}="${idOf(value)}"`;
        if (name === 'class') return `class="${value.split(' ').sort().join(' ')}"`;
        if (name === 'style') return `style="${value.split(';').filter(Boolean).sort().join(';')}"`;
        return `${name}="${value}"`;
      })
      .sort();
    return `<${tag}${sorted.map((a) => ` ${a}`).join('')}${selfClosing}>`;
  });
}

/** A plain part and the Mantine component it stands for. */
type Case = [string, ReactElement, ReactElement];

/** Mantine's polymorphic components, as createElement takes them. */
type Loose = FC<Record<string, unknown>>;

const options = [
  { value: '', label: 'All categories' },
  { value: 'Sales', label: 'Sales' },
  { value: 'IT & Tech', label: 'IT & Tech' },
];

describe('plain components render Mantine’s HTML', () => {
  test.each([
    ['with a label', { label: 'Category', name: 'category', value: '' }],
    ['chosen, with a style', { label: 'Category', name: 'category', value: 'Sales', style: { flex: '1 1 12rem' } }],
    [
      'small, named by aria-label, waiting for scripts',
      { 'aria-label': 'Language', size: 'xs' as const, value: 'Sales', disabled: true, 'data-pending': true },
    ],
  ])('NativeSelect %s', (_, props) => {
    const onChange = () => {};
    expect(html(createElement(PlainNativeSelect, { ...props, data: options, onChange }))).toBe(
      html(createElement(NativeSelect, { ...props, data: options, onChange })),
    );
  });

  test.each([
    ['a search box', { label: 'Job title', name: 'title', value: '', placeholder: 'e.g. Chef', type: 'search', maxLength: 100 }],
    [
      'a number filter with a style',
      {
        label: 'Minimum price',
        name: 'minPrice',
        value: '12',
        type: 'text',
        inputMode: 'decimal' as const,
        maxLength: 100,
        style: { flex: '1 1 7rem', maxWidth: '12rem' },
      },
    ],
  ])('TextInput %s', (_, props) => {
    const onChange = () => {};
    expect(html(createElement(PlainTextInput, { ...props, onChange }))).toBe(html(createElement(TextInput, { ...props, onChange })));
  });

  test.each([
    ['empty, waiting for scripts', { value: '', disabled: true, 'data-pending': true }],
    ['with a choice shown', { value: 'Jamaica' }],
  ])('InputBase as a closed Select %s (the searchable choice before its code loads)', (_, props) => {
    const common = {
      label: 'Country',
      placeholder: 'All countries',
      role: 'combobox',
      'aria-haspopup': 'listbox' as const,
      'aria-expanded': false,
      autoComplete: 'off',
      onChange: () => {},
    };
    expect(html(createElement(PlainTextInput, { ...common, ...props, selectLook: true }))).toBe(
      html(
        createElement(InputBase as Loose, { ...common, ...props, __defaultRightSection: createElement(ComboboxChevron), rightSectionPointerEvents: 'none' }),
      ),
    );
  });

  test('InputBase as a required Select one picks from (not searchable: read-only, with a pointer)', () => {
    const common = { label: 'Role', value: 'Job Seeker', role: 'combobox', readOnly: true, required: true, onChange: () => {} };
    expect(html(createElement(PlainTextInput, { ...common, selectLook: true }))).toBe(
      html(
        createElement(InputBase as Loose, {
          ...common,
          pointer: true,
          __defaultRightSection: createElement(ComboboxChevron),
          rightSectionPointerEvents: 'none',
        }),
      ),
    );
  });

  test('NativeSelect, required', () => {
    const props = { label: 'Role', name: 'role', value: 'employer', required: true, data: options, onChange: () => {} };
    expect(html(createElement(PlainNativeSelect, props))).toBe(html(createElement(NativeSelect, props)));
  });

  test('InputBase as a clearable Select with a choice (the clear button beside the chevron)', () => {
    const common = { label: 'Country', value: 'Jamaica', role: 'combobox', onChange: () => {} };
    expect(html(createElement(PlainTextInput, { ...common, selectLook: true, onClear: () => {} }))).toBe(
      html(
        createElement(InputBase as Loose, {
          ...common,
          __defaultRightSection: createElement(ComboboxChevron),
          __clearable: true,
          __clearSection: createElement(InputClearButton, { tabIndex: -1, 'aria-hidden': true }),
          rightSectionPointerEvents: 'all',
        }),
      ),
    );
  });

  test.each([
    ['filled', {}],
    ['a compact submit', { type: 'submit' as const, size: 'compact-sm' as const }],
    ['subtle, compact, hidden from xs', { variant: 'subtle' as const, size: 'compact-sm' as const, hiddenFrom: 'xs' as const, 'aria-expanded': false }],
    ['light, waiting for scripts', { variant: 'light' as const, disabled: true, 'data-pending': true }],
    ['default', { variant: 'default' as const }],
    ['light, red, extra small, with a margin', { variant: 'light' as const, color: 'red' as const, size: 'xs' as const, mr: 'sm' as const }],
    ['subtle, grey, extra small', { variant: 'subtle' as const, color: 'gray' as const, size: 'xs' as const }],
    ['transparent, grey, compact and extra small', { variant: 'transparent' as const, color: 'gray' as const, size: 'compact-xs' as const }],
    [
      'a chip: light, round, compact, shrinking, with a right section',
      { variant: 'light' as const, radius: 'xl' as const, size: 'compact-md' as const, maw: '100%' as const, rightSection: '×' },
    ],
    ['extra small, pushed down', { size: 'xs' as const, mt: 'sm' as const }],
  ])('Button %s', (_, props) => {
    expect(html(createElement(PlainButton, props, 'Search'))).toBe(html(createElement(Button as Loose, props, 'Search')));
  });

  test.each<Case>([
    ['Container', createElement(PlainContainer, { size: 'lg', py: 'lg', px: 'md' }, 'x'), createElement(Container, { size: 'lg', py: 'lg', px: 'md' }, 'x')],
    [
      'Container with a class',
      createElement(PlainContainer, { size: 'lg', px: 'md', className: 'hero' }, 'x'),
      createElement(Container, { size: 'lg', px: 'md', className: 'hero' }, 'x'),
    ],
    [
      'Title with an id and a class',
      createElement(PlainTitle, { order: 1, id: 'welcome-title', className: 'brand' }, 'CaribConnect'),
      createElement(Title, { order: 1, id: 'welcome-title', className: 'brand' }, 'CaribConnect'),
    ],
    [
      'Title',
      createElement(PlainTitle, { size: 'h2', mb: 'md', tabIndex: -1, className: 'heading' }, 'Jobs'),
      createElement(Title, { order: 1, size: 'h2', mb: 'md', tabIndex: -1, className: 'heading' }, 'Jobs'),
    ],
    [
      'Group with spacing and height',
      createElement(PlainGroup, { justify: 'space-between', wrap: 'nowrap', h: 20, mt: -16, mb: 4 }, 'x'),
      createElement(Group, { justify: 'space-between', wrap: 'nowrap', h: 20, mt: -16, mb: 4 }, 'x'),
    ],
    [
      'Group at the end, a status',
      createElement(PlainGroup, { justify: 'flex-end', h: 20, mt: 0, mb: 4, role: 'status', 'aria-live': 'polite' }, 'x'),
      createElement(Group, { justify: 'flex-end', h: 20, mt: 0, mb: 4, role: 'status', 'aria-live': 'polite' }, 'x'),
    ],
    ['Group pushed right', createElement(PlainGroup, { gap: 'xs', ml: 'auto' }, 'x'), createElement(Group, { gap: 'xs', ml: 'auto' }, 'x')],
    [
      'Stack as a section',
      createElement(PlainStack, { component: 'section', gap: 'sm', 'aria-label': 'Jobs' }, 'x'),
      createElement(Stack as Loose, { gap: 'sm', component: 'section', 'aria-label': 'Jobs' }, 'x'),
    ],
    ['Center', createElement(PlainCenter, { py: 'md' }, 'x'), createElement(Center as Loose, { py: 'md' }, 'x')],
    [
      'Text, a status',
      createElement(PlainText, { size: 'sm', fw: 500, role: 'status' }, 'x'),
      createElement(Text as Loose, { size: 'sm', fw: 500, role: 'status' }, 'x'),
    ],
    [
      'Text, dimmed and centred',
      createElement(PlainText, { size: 'sm', dimmed: true, center: true, py: 'md' }, 'x'),
      createElement(Text as Loose, { size: 'sm', c: 'dimmed', ta: 'center', py: 'md' }, 'x'),
    ],
    [
      'Paper as a form',
      createElement(PlainPaper, { component: 'form', p: 'md', mb: 'lg', method: 'get', role: 'search', 'aria-label': 'Filter jobs' }, 'x'),
      createElement(
        Paper as Loose,
        { component: 'form', withBorder: true, p: 'md', mb: 'lg', method: 'get', role: 'search', 'aria-label': 'Filter jobs' },
        'x',
      ),
    ],
    [
      'Title of a lower level at a smaller size',
      createElement(PlainTitle, { order: 3, size: 'h4', mb: 4 }, 'Jobs'),
      createElement(Title, { order: 3, size: 'h4', mb: 4 }, 'Jobs'),
    ],
    ['Title of level two', createElement(PlainTitle, { order: 2, mt: 48, mb: 'lg' }, 'Jobs'), createElement(Title, { order: 2, mt: 48, mb: 'lg' }, 'Jobs')],
    [
      'Stack as a nav with a top border',
      createElement(
        PlainStack,
        { component: 'nav', gap: 'xs', mt: 48, pt: 'lg', border: '1px solid var(--mantine-color-gray-3)', 'aria-labelledby': 'more' },
        'x',
      ),
      createElement(
        Stack as Loose,
        { component: 'nav', gap: 'xs', mt: 48, pt: 'lg', style: { borderTop: '1px solid var(--mantine-color-gray-3)' }, 'aria-labelledby': 'more' },
        'x',
      ),
    ],
    [
      'Text with a class',
      createElement(PlainText, { size: 'sm', mb: 'md', className: 'lead' }, 'x'),
      createElement(Text as Loose, { size: 'sm', mb: 'md', className: 'lead' }, 'x'),
    ],
    ['Card', createElement(PlainCard, { className: 'card' }, 'x'), createElement(Card as Loose, { withBorder: true, padding: 'lg', className: 'card' }, 'x')],
    [
      'Card on ocean.0',
      createElement(PlainCard, { className: 'card', bg: 'ocean.0' }, 'x'),
      createElement(Card as Loose, { withBorder: true, padding: 'lg', className: 'card', bg: 'ocean.0' }, 'x'),
    ],
    [
      'ThemeIcon, light',
      createElement(PlainThemeIcon, { tone: 'ocean-light', size: 48, radius: 'md' }, 'x'),
      createElement(ThemeIcon as Loose, { size: 48, radius: 'md', variant: 'light', color: 'ocean' }, 'x'),
    ],
    [
      'ThemeIcon, filled with contrast',
      createElement(PlainThemeIcon, { tone: 'coral-2', size: 40, radius: 'xl' }, 'x'),
      createElement(ThemeIcon as Loose, { size: 40, radius: 'xl', color: 'coral.2', autoContrast: true }, 'x'),
    ],
    ['Anchor', createElement('a', { href: '/faq', ...plainAnchor() }, 'FAQ'), createElement(Anchor as Loose, { href: '/faq' }, 'FAQ')],
    [
      'Anchor, bold, pushed down',
      createElement('a', { href: '/ads', ...plainAnchor({ fw: 600, mt: 'auto' }) }, 'Ads'),
      createElement(Anchor as Loose, { href: '/ads', fw: 600, mt: 'auto' }, 'Ads'),
    ],
    [
      'Text as a term: small, dimmed, upper case, bold',
      createElement(PlainText, { component: 'dt', size: 'xs', dimmed: true, uppercase: true, fw: 600 }, 'Country'),
      createElement(Text as Loose, { component: 'dt', size: 'xs', c: 'dimmed', tt: 'uppercase', fw: 600 }, 'Country'),
    ],
    [
      'Text as a definition, without margin',
      createElement(PlainText, { component: 'dd', m: 0, className: 'preserve' }, 'Jamaica'),
      createElement(Text as Loose, { component: 'dd', m: 0, className: 'preserve' }, 'Jamaica'),
    ],
    ['Text, large and medium weight', createElement(PlainText, { size: 'lg', fw: 500 }, 'x'), createElement(Text as Loose, { size: 'lg', fw: 500 }, 'x')],
    ['Text at the default size', createElement(PlainText, { className: 'preserve' }, 'x'), createElement(Text as Loose, { className: 'preserve' }, 'x')],
    ['Paper', createElement(PlainPaper, { p: 'md' }, 'x'), createElement(Paper as Loose, { withBorder: true, p: 'md' }, 'x')],
    ['Stack', createElement(PlainStack, { component: 'div', gap: 'md' }, 'x'), createElement(Stack as Loose, { gap: 'md' }, 'x')],
    [
      'Anchor, small',
      createElement('a', { href: '/jobs', ...plainAnchor({ size: 'sm' }) }, 'Back'),
      createElement(Anchor as Loose, { href: '/jobs', size: 'sm' }, 'Back'),
    ],
    [
      'a link drawn as a Button',
      createElement('a', { href: '/login', ...plainButton({ size: 'md' }) }, plainButtonLabel('Log In')),
      createElement(Button as Loose, { component: 'a', href: '/login', size: 'md' }, 'Log In'),
    ],
    [
      'a link drawn as a default Button',
      createElement('a', { href: '/signup', ...plainButton({ size: 'md', variant: 'default' }) }, plainButtonLabel('Sign Up')),
      createElement(Button as Loose, { component: 'a', href: '/signup', size: 'md', variant: 'default' }, 'Sign Up'),
    ],
    ...(['md', 'xs'] as const).flatMap((size) =>
      (
        [
          ['filled', {}, {}],
          ['light', { variant: 'light' }, { variant: 'light' }],
          ['default', { variant: 'default' }, { variant: 'default' }],
          ['white', { variant: 'white' }, { variant: 'white' }],
          ['outline in white', { variant: 'outline', color: 'white' }, { variant: 'outline', color: 'white' }],
          ['coral with contrast', { color: 'coral.3' }, { color: 'coral.3', autoContrast: true }],
        ] as const
      ).map(
        ([name, plain, mantine]) =>
          [
            `a link drawn as a ${name} Button, ${size}`,
            createElement('a', { href: '/jobs', ...plainButton({ size, ...plain }) }, plainButtonLabel('Jobs')),
            createElement(Button as Loose, { component: 'a', href: '/jobs', size, ...mantine }, 'Jobs'),
          ] as Case,
      ),
    ),
    ['Loader, small', createElement(PlainLoader, { size: 'sm', 'aria-hidden': true }), createElement(Loader, { size: 'sm', 'aria-hidden': true })],
    [
      'Loader in pixels, grey',
      createElement(PlainLoader, { size: 14, color: 'gray', 'aria-hidden': true }),
      createElement(Loader, { size: 14, color: 'gray', 'aria-hidden': true }),
    ],
    ['Loader in pixels', createElement(PlainLoader, { size: 14, 'aria-hidden': true }), createElement(Loader, { size: 14, 'aria-hidden': true })],
    [
      'UnstyledButton',
      createElement(PlainUnstyledButton, { className: 'link', 'data-vertical': true } as object, 'Log out'),
      createElement(UnstyledButton as Loose, { className: 'link', 'data-vertical': true }, 'Log out'),
    ],
    ...([false, true] as const).map(
      (opened) =>
        [
          `Burger, ${opened ? 'open' : 'closed'}`,
          createElement(PlainBurger, { opened, 'aria-label': 'Open menu', 'aria-expanded': opened }),
          createElement(Burger, { opened, 'aria-label': 'Open menu', 'aria-expanded': opened }),
        ] as Case,
    ),
    [
      'Alert, red, with a margin',
      createElement(PlainAlert, { color: 'red', title: 'Failed', my: 'md' }, 'x'),
      createElement(Alert as Loose, { color: 'red', title: 'Failed', role: 'alert', my: 'md' }, 'x'),
    ],
    [
      'Alert, yellow and light, its title in the text colour',
      createElement(PlainAlert, { color: 'yellow', variant: 'light', title: 'Confirm', titleStyle: { color: 'var(--mantine-color-text)' } }, 'x'),
      createElement(Alert as Loose, { color: 'yellow', variant: 'light', title: 'Confirm', styles: { title: { color: 'var(--mantine-color-text)' } } }, 'x'),
    ],
    [
      'Badge, outlined',
      createElement(PlainBadge, { color: 'teal.9' }, 'Verified'),
      createElement(Badge as Loose, { color: 'teal.9', variant: 'outline', tt: 'none' }, 'Verified'),
    ],
    ['Skeleton', createElement(PlainSkeleton, { height: 42, width: 180, radius: 'sm' }), createElement(Skeleton, { height: 42, width: 180, radius: 'sm' })],
    [
      'Text as a span, red',
      createElement(PlainText, { component: 'span', size: 'xs', color: 'red.8', role: 'alert' }, 'x'),
      createElement(Text as Loose, { span: true, size: 'xs', c: 'red.8', role: 'alert' }, 'x'),
    ],
    [
      'Text, red, pushed down',
      createElement(PlainText, { size: 'sm', mt: 'xs', color: 'red.8', role: 'alert' }, 'x'),
      createElement(Text as Loose, { size: 'sm', mt: 'xs', c: 'red.8', role: 'alert' }, 'x'),
    ],
    [
      'Text, darkest, centred',
      createElement(PlainText, { size: 'sm', center: true, color: 'dark.9' }, 'x'),
      createElement(Text as Loose, { size: 'sm', ta: 'center', c: 'dark.9' }, 'x'),
    ],
    ['Text, dimmed', createElement(PlainText, { dimmed: true }, 'x'), createElement(Text as Loose, { c: 'dimmed' }, 'x')],
    [
      'Group as a list, hidden from xs',
      createElement(PlainGroup, { component: 'ul', gap: 6, mt: 'sm', className: 'chips', hiddenFrom: 'xs' }, 'x'),
      createElement(Group as Loose, { component: 'ul', gap: 6, mt: 'sm', className: 'chips', hiddenFrom: 'xs' }, 'x'),
    ],
    [
      'Stack, centred, padded',
      createElement(PlainStack, { component: 'div', align: 'center', py: 'xl', gap: 'sm' }, 'x'),
      createElement(Stack as Loose, { align: 'center', py: 'xl', gap: 'sm' }, 'x'),
    ],
    [
      'Stack at the start',
      createElement(PlainStack, { component: 'div', align: 'flex-start', gap: 'md' }, 'x'),
      createElement(Stack as Loose, { align: 'flex-start', gap: 'md' }, 'x'),
    ],
    // The company page (issue 43).
    [
      'Badge, light',
      createElement(PlainBadge, { color: 'teal' }, 'Verified'),
      createElement(Badge as Loose, { color: 'teal', variant: 'light', tt: 'none' }, 'Verified'),
    ],
    [
      'Anchor, small, pushed down, inline-block',
      createElement('a', { href: 'https://example.com', ...plainAnchor({ size: 'sm', mt: 'xs', display: 'inline-block' }) }, 'Website'),
      createElement(Anchor as Loose, { href: 'https://example.com', size: 'sm', mt: 'xs', display: 'inline-block' }, 'Website'),
    ],
    [
      'Group on the baseline, not wrapping',
      createElement(PlainGroup, { gap: 'xs', wrap: 'nowrap', align: 'baseline' }, 'x'),
      createElement(Group, { gap: 'xs', wrap: 'nowrap', align: 'baseline' }, 'x'),
    ],
    [
      'Card as an article, padded md',
      createElement(PlainCard, { component: 'article', padding: 'md' }, 'x'),
      createElement(Card as Loose, { withBorder: true, padding: 'md', component: 'article' }, 'x'),
    ],
    [
      'Button, light, submitting, pressed, loading',
      createElement(PlainButton, { type: 'submit', variant: 'light', loading: true, 'aria-pressed': true, 'aria-label': 'Following' }, 'Following'),
      createElement(Button as Loose, { type: 'submit', variant: 'light', loading: true, 'aria-pressed': true, 'aria-label': 'Following' }, 'Following'),
    ],
    [
      'Button, light, not loading',
      createElement(PlainButton, { type: 'submit', variant: 'light', loading: false, 'aria-pressed': true }, 'Following'),
      createElement(Button as Loose, { type: 'submit', variant: 'light', loading: false, 'aria-pressed': true }, 'Following'),
    ],
    [
      'Button, filled, loading',
      createElement(PlainButton, { type: 'submit', loading: true, 'aria-pressed': false }, 'Follow'),
      createElement(Button as Loose, { type: 'submit', loading: true, 'aria-pressed': false }, 'Follow'),
    ],
    [
      'Checkbox, unchecked',
      createElement(PlainCheckbox, { name: 'email', label: 'Email me new jobs', checked: false, onChange: () => {} }),
      createElement(Checkbox as Loose, { name: 'email', label: 'Email me new jobs', checked: false, onChange: () => {} }),
    ],
    [
      'Checkbox, checked',
      createElement(PlainCheckbox, { name: 'email', label: 'Email me new jobs', checked: true, onChange: () => {} }),
      createElement(Checkbox as Loose, { name: 'email', label: 'Email me new jobs', checked: true, onChange: () => {} }),
    ],
  ])('%s', (_, plain, mantine) => {
    expect(html(plain)).toBe(html(mantine));
  });
});
