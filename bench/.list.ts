import { chromium } from 'playwright-core';
const url = process.argv[2]!;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic'] });
const context = await browser.newContext({ locale: process.env.LOCALE ?? 'en-US', viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
const page = await context.newPage();
const seen: Promise<string>[] = [];
page.on('requestfinished', (r) => { seen.push(r.sizes().then((s) => `${r.resourceType().padEnd(10)} ${String(s.responseBodySize).padStart(7)} ${String(s.responseHeadersSize).padStart(5)} ${r.url().replace(/^https?:\/\/[^/]+/, '')}`)); });
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(500);
const lines = await Promise.all(seen);
console.log(lines.join('\n'));
let js = 0; for (const l of lines) if (l.startsWith('script')) { const [, b, h] = l.split(/\s+/); js += Number(b) + Number(h); }
console.log('JS total', (js/1024).toFixed(1));
await browser.close();
