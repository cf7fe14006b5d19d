// npm run bench:sitemap — the size and build time of one full sitemap file now that every URL carries
// its six language variants and x-default (decision 0043). Builds the file in memory from
// `sitemapSettings.urlsPerFile` job URLs under a realistic public address (no database: the rows'
// reading is measured by the seo module's own keyset walk and is unchanged), and checks the file
// stays under the protocol's 50 MB. Options: BENCH_SITEMAP_BASE (https://caribconnect.example).
import { randomUUID } from 'node:crypto';
import { sitemapSettings } from '../apps/server/src/modules/seo/sitemap';
import { urlset, type SitemapUrl } from '../apps/server/src/modules/seo/xml';

const BASE = process.env.BENCH_SITEMAP_BASE ?? 'https://caribconnect.example';
const LIMIT = 50 * 1024 * 1024;
const n = sitemapSettings.urlsPerFile;
const urls: SitemapUrl[] = Array.from({ length: n }, () => ({ loc: `${BASE}/jobs/${randomUUID()}`, lastmod: new Date().toISOString() }));

const times: number[] = [];
let bytes = 0;
for (let run = 0; run < 5; run++) {
  const started = performance.now();
  const xml = urlset(urls);
  times.push(performance.now() - started);
  bytes = Buffer.byteLength(xml);
}
times.sort((a, b) => a - b);
console.log(
  `${n} URLs × 7 alternates: ${(bytes / 1024 / 1024).toFixed(1)} MB (${((bytes / LIMIT) * 100).toFixed(0)}% of 50 MB), ` +
    `${Math.round(bytes / n)} bytes a URL; built in ${times[2]!.toFixed(0)} ms (median of 5, min ${times[0]!.toFixed(0)} ms)`,
);
if (bytes > LIMIT) {
  console.error('a full sitemap file is over the protocol’s 50 MB: lower urlsPerFile');
  process.exitCode = 1;
}
