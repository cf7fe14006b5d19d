/** Text as XML character data or attribute value: the five characters XML gives a meaning. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export interface SitemapUrl {
  loc: string;
  /** W3C datetime (ISO 8601). */
  lastmod?: string;
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const entry = (tag: 'url' | 'sitemap', u: SitemapUrl) =>
  `<${tag}><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ''}</${tag}>\n`;

/** A sitemap file (sitemaps.org protocol 0.9). */
export function urlset(urls: Iterable<SitemapUrl>): string {
  let out = `${HEAD}<urlset xmlns="${NS}">\n`;
  for (const u of urls) out += entry('url', u);
  return `${out}</urlset>\n`;
}

/** A sitemap index: the files a crawler reads when one file would pass the protocol's 50,000 URLs. */
export function sitemapIndex(files: Iterable<SitemapUrl>): string {
  let out = `${HEAD}<sitemapindex xmlns="${NS}">\n`;
  for (const f of files) out += entry('sitemap', f);
  return `${out}</sitemapindex>\n`;
}
