import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { lightSchemeOnly } from './light-scheme-only';

const run = async (css: string) => (await postcss([lightSchemeOnly()]).process(css, { from: undefined })).css;

describe('the build keeps the light colour scheme only', () => {
  it('drops a rule for the dark scheme alone, in every spelling Mantine writes it', async () => {
    const css = [
      ':root[data-mantine-color-scheme=dark]{--mantine-color-body:#242424}',
      ":where([data-mantine-color-scheme='dark']) .m_1{color:white}",
      '[data-mantine-color-scheme="dark"] .m_2{color:white}',
    ].join('\n');
    expect((await run(css)).trim()).toBe('');
  });

  it('keeps the light and unscoped rules, and the light half of a shared selector list', async () => {
    const css = [
      '.m_1{color:black}',
      ':root[data-mantine-color-scheme=light]{--mantine-color-body:#fff}',
      ':root[data-mantine-color-scheme=dark], :host([data-mantine-color-scheme=dark]), .m_3{color:red}',
      '@media (min-width: 40em){[data-mantine-color-scheme=dark] .m_4{color:white}.m_4{color:black}}',
    ].join('\n');
    const out = await run(css);
    expect(out).toContain('.m_1{color:black}');
    expect(out).toContain(':root[data-mantine-color-scheme=light]{--mantine-color-body:#fff}');
    expect(out).toContain('.m_3{color:red}');
    expect(out).toContain('.m_4{color:black}');
    expect(out).not.toMatch(/dark/);
  });
});
