import { describe, expect, it } from 'vitest';
import { scriptJson, summary, withParams } from './head';

describe('page head helpers', () => {
  it('keeps only the query parameters that make a page of their own, in a stable order', () => {
    const search = new URLSearchParams('title=chef&country=Jamaica&date=last24h&category=Hospitality');
    expect(withParams('/jobs', search, ['category', 'country'])).toBe('/jobs?category=Hospitality&country=Jamaica');
    expect(withParams('/jobs', new URLSearchParams('title=chef&country=%20'), ['category', 'country'])).toBe('/jobs');
  });

  it('cuts a description at a word, near 160 characters', () => {
    expect(summary('  Cook\n\nfor   80 guests. ')).toBe('Cook for 80 guests.');
    const long = summary('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/word…$/);
  });

  it('writes JSON that cannot close its <script> element', () => {
    const text = scriptJson({ description: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ description: '</script><script>alert(1)</script>' });
  });
});
