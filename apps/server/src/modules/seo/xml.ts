import { LANGUAGE_CODES } from '@caribconnect/shared';

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
/** The namespace of the alternate-language links in a sitemap, as search engines document it. */
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/**
 * A page in one language: the query variant `?lang=<code>` (decision 0043). The web app renders the
 * page in that language whatever the visitor's saved choice, cookie or Accept-Language say.
 */
export function languageVariant(loc: string, code: string): string {
  return `${loc}${loc.includes('?') ? '&' : '?'}lang=${code}`;
}

/**
 * The page's alternates: one per language (hreflang is the language code itself, `pap` included),
 * and x-default, the URL without `lang`, which picks the visitor's language by cookie and
 * Accept-Language. Every entry lists them all, itself included, as the hreflang rules ask.
 */
function alternates(loc: string): string {
  let out = '';
  for (const code of LANGUAGE_CODES) out += `<xhtml:link rel="alternate" hreflang="${code}" href="${escapeXml(languageVariant(loc, code))}"/>`;
  return `${out}<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(loc)}"/>`;
}

const entry = (tag: 'url' | 'sitemap', u: SitemapUrl) =>
  `<${tag}><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ''}${tag === 'url' ? alternates(u.loc) : ''}</${tag}>\n`;

/** A sitemap file (sitemaps.org protocol 0.9), each page with its language alternates. */
export function urlset(urls: Iterable<SitemapUrl>): string {
  let out = `${HEAD}<urlset xmlns="${NS}" xmlns:xhtml="${XHTML_NS}">\n`;
  for (const u of urls) out += entry('url', u);
  return `${out}</urlset>\n`;
}

/** A sitemap index: the files a crawler reads when one file would pass the protocol's 50,000 URLs. */
export function sitemapIndex(files: Iterable<SitemapUrl>): string {
  let out = `${HEAD}<sitemapindex xmlns="${NS}">\n`;
  for (const f of files) out += entry('sitemap', f);
  return `${out}</sitemapindex>\n`;
}
