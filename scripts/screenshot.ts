// Takes Chromium screenshots of app pages at phone and desktop widths, for looking at what we built.
// Usage: node --import tsx scripts/screenshot.ts http://localhost:3000 /login /signup ...  (PNGs go to /tmp/shots)
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/chromium';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const out = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
for (const width of [360, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width === 360 ? 740 : 800 } });
  for (const p of paths.length ? paths : ['/']) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const file = `${out}/${p.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
