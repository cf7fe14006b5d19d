// Draws the app's install icons from apps/web/public/favicon.svg (run once, after the logo changes):
//   npx tsx scripts/make-icons.ts
// The PNGs are committed; sharp is the server's image library, so nothing new is installed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const web = path.resolve(import.meta.dirname, '../apps/web/public');
const svg = await readFile(path.join(web, 'favicon.svg'));
/** The logo's own background, from favicon.svg: a maskable icon's safe-zone margin is filled with it. */
const OCEAN = '#0b7285';

const render = (size: number) => sharp(svg, { density: Math.ceil((72 * size) / 64) }).resize(size, size);

for (const size of [192, 512])
  await render(size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(web, `icons/icon-${size}.png`));
// Home screens may crop a maskable icon to a circle: the logo keeps to the inner 80% (the safe zone).
const inner = Math.round(512 * 0.8);
await sharp({ create: { width: 512, height: 512, channels: 4, background: OCEAN } })
  .composite([{ input: await render(inner).png().toBuffer(), gravity: 'centre' }])
  .png({ compressionLevel: 9 })
  .toFile(path.join(web, 'icons/icon-maskable-512.png'));
// iOS ignores the manifest's icons and rounds the corners itself.
await sharp({ create: { width: 180, height: 180, channels: 4, background: OCEAN } })
  .composite([{ input: await render(180).png().toBuffer() }])
  .flatten({ background: OCEAN })
  .png({ compressionLevel: 9 })
  .toFile(path.join(web, 'icons/apple-touch-icon.png'));
console.log('icons written to', path.join(web, 'icons'));
