import { describe, expect, it } from 'vitest';
import { headFor, languageAlternates, scriptJson, summary, withLanguage, withParams } from './head';

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

  it('makes each language variant its own canonical address, and ignores a lang that is not ours', () => {
    const args = { t: ((key: string) => key) as never, queryClient: null as never, origin: 'https://cc.example' };
    const head = (url: string) => headFor([{ handle: { head: () => ({ canonical: '/jobs?category=Healthcare' }) }, params: {} }], new URL(url), args);
    expect(head('https://cc.example/jobs?category=Healthcare&title=x').canonical).toBe('/jobs?category=Healthcare');
    expect(head('https://cc.example/jobs?lang=pap&category=Healthcare').canonical).toBe('/jobs?category=Healthcare&lang=pap');
    expect(head('https://cc.example/jobs?lang=de').canonical).toBe('/jobs?category=Healthcare');
    expect(headFor([], new URL('https://cc.example/faq?lang=ht'), args).canonical).toBe('/faq?lang=ht');
  });

  it('lists the page in the six languages (?lang=) plus x-default (without lang), keeping the other parameters', () => {
    expect(withLanguage('/jobs?country=Haiti&lang=fr', 'ht')).toBe('/jobs?country=Haiti&lang=ht');
    expect(withLanguage('/jobs?lang=fr&country=Haiti', null)).toBe('/jobs?country=Haiti');
    expect(languageAlternates('/jobs?country=Haiti&lang=ht')).toEqual([
      { hreflang: 'en', path: '/jobs?country=Haiti&lang=en' },
      { hreflang: 'es', path: '/jobs?country=Haiti&lang=es' },
      { hreflang: 'fr', path: '/jobs?country=Haiti&lang=fr' },
      { hreflang: 'nl', path: '/jobs?country=Haiti&lang=nl' },
      { hreflang: 'ht', path: '/jobs?country=Haiti&lang=ht' },
      { hreflang: 'pap', path: '/jobs?country=Haiti&lang=pap' },
      { hreflang: 'x-default', path: '/jobs?country=Haiti' },
    ]);
    expect(languageAlternates('/')[4]).toEqual({ hreflang: 'ht', path: '/?lang=ht' });
  });
});
