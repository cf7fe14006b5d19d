import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { AD_CATEGORIES, CARIBBEAN_COUNTRIES, currencyOfCountry } from '@caribconnect/shared';
import type { Db } from '../client';
import { adCategories, ads, type StoredPicture } from '../schema';
import { AD_PICTURE_SIZES } from '../../lib/ad-files';
import { pictureBase, processImage, variantKey } from '../../lib/images';
import type { Storage } from '../../lib/storage/storage';
import { AD_CONDITIONS, AD_CONTACT, AD_ITEMS } from './ad-data';
import { PLACES } from './data';
import { random, seedUuid } from './seed';

const BATCH = 1000;
const DAY = 24 * 60 * 60 * 1000;
const BULK_INDEX_FROM = 20_000;
/** The search indexes, as migration 0005_ads creates them. */
const SEARCH_INDEXES = {
  ads_search_lc_trgm_idx: 'using gin (search_lc gin_trgm_ops) with (fastupdate = off)',
  ads_title_grams_idx: 'using gin (job_title_grams(lower(title))) with (fastupdate = off)',
};

/**
 * A picture drawn for ad n (no network, no stock photos): the category's colours, a few shapes, and
 * a grain so it compresses about as a photo would rather than as a flat drawing.
 */
export async function drawAdPicture(n: number, colors: [string, string]): Promise<Buffer> {
  const r = random(n * 31 + 7);
  const [dark, light] = colors;
  const shapes = Array.from({ length: 5 }, () => {
    const x = Math.round(r.next() * 800);
    const y = Math.round(r.next() * 600);
    const s = Math.round(60 + r.next() * 180);
    return r.next() < 0.5
      ? `<circle cx="${x}" cy="${y}" r="${s / 2}" fill="${r.next() < 0.5 ? dark : '#ffffff'}" fill-opacity="${(0.25 + r.next() * 0.5).toFixed(2)}"/>`
      : `<rect x="${x - s / 2}" y="${y - s / 3}" width="${s}" height="${(s * 2) / 3}" rx="18" fill="${r.next() < 0.5 ? dark : '#ffffff'}" fill-opacity="${(0.25 + r.next() * 0.5).toFixed(2)}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
    <rect width="800" height="600" fill="url(#g)"/>${shapes}
    <path d="M0 ${460 + r.next() * 60} Q 200 ${400 + r.next() * 80} 400 ${460 + r.next() * 40} T 800 ${440 + r.next() * 60} V 600 H 0 Z" fill="${dark}" fill-opacity="0.55"/></svg>`;
  const grain = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(0.8)
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

export function demoAd(n: number, total: number, userIds: string[], categoryIds: Map<string, string>, now: number) {
  const r = random(n * 104729 + 3);
  const category = AD_CATEGORIES[n % AD_CATEGORIES.length]!;
  const spec = AD_ITEMS[category.slug];
  const country = r.pick(CARIBBEAN_COUNTRIES);
  const town = r.pick(PLACES[country]!.towns);
  const item = r.pick(spec.items);
  const [lo, hi] = spec.price;
  const price = hi ? Math.round((lo + r.next() * (hi - lo)) / 5) * 5 : 0;
  const title = `${item}${price ? ` – US$${price.toLocaleString('en-US')}` : ''} (${town})`;
  const description =
    `${item} in ${town}, ${country}. ${r.pick(AD_CONDITIONS)}. ` +
    `${r.pick(AD_CONTACT)}. Located near ${r.pick(PLACES[country]!.towns)}; ask for more photos.\n\n` +
    `Posted by a CaribConnect member. Ref #${1000 + n}.`;
  const age = Math.floor((1 - (n + r.next()) / Math.max(total, 1)) ** 2 * 300 * DAY);
  const createdAt = new Date(now - age);
  // The price the title states, in US dollars; a tenth "on request"; no price is free.
  const onRequest = price > 0 && n % 10 === 3;
  const priced = onRequest
    ? { priceKind: 'on_request' as const, price: null, currency: null }
    : price
      ? { priceKind: 'amount' as const, price: String(price), currency: 'USD' }
      : { priceKind: 'free' as const, price: '0', currency: currencyOfCountry(country) ?? 'USD' };
  return {
    id: seedUuid(`ad-${n}`),
    userId: userIds[n % userIds.length]!,
    title,
    description,
    categoryId: categoryIds.get(category.slug) ?? null,
    createdAt,
    updatedAt: createdAt,
    country,
    town,
    ...priced,
    negotiable: !onRequest && price > 0 && n % 3 === 0,
    colors: spec.colors,
  };
}

export interface SeedAdsOptions {
  ads: number;
  /** How many of the newest ads get a generated picture (each one its own files, as a real upload has). */
  pictures?: number;
  userIds: string[];
  log?: (line: string) => void;
  now?: number;
}

/**
 * Ensures the ad categories and adds `ads` demo ads, oldest first (physical order follows
 * created_at, as on a live site). Idempotent: deterministic ids and pictures, ON CONFLICT DO NOTHING,
 * and pictures are only drawn for ads not yet in the table.
 */
export async function seedAds(db: Db, storage: Storage, opts: SeedAdsOptions) {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? Date.now();
  await db
    .insert(adCategories)
    .values(AD_CATEGORIES.map((c) => ({ slug: c.slug, name: c.name })))
    .onConflictDoNothing();
  const categoryIds = new Map((await db.select().from(adCategories)).map((c) => [c.slug, c.id]));
  const withPictures = Math.min(opts.pictures ?? 300, opts.ads);
  const started = Date.now();
  let inserted = 0;
  let drawn = 0;
  // Each ad adds ~150 trigrams to the search index; built once at the end (a sort) instead of row by
  // row, a large seed runs several times faster. Recreated in `finally`, so a failed run leaves it.
  const rebuild = opts.ads >= BULK_INDEX_FROM;
  if (rebuild) for (const name of Object.keys(SEARCH_INDEXES)) await db.execute(sql.raw(`drop index if exists ${name}`));
  try {
    await insertAds();
  } finally {
    if (rebuild) for (const [name, how] of Object.entries(SEARCH_INDEXES)) await db.execute(sql.raw(`create index if not exists ${name} on ads ${how}`));
  }
  await db.execute(sql`analyze ads`);
  log(`ads: ${opts.ads} in the data set (${inserted} new, ${drawn} pictures drawn) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { adsInserted: inserted };

  async function insertAds() {
    for (let from = 0; from < opts.ads; from += BATCH) {
      const rows = [];
      for (let n = from; n < Math.min(from + BATCH, opts.ads); n++) rows.push(demoAd(n, opts.ads, opts.userIds, categoryIds, now));
      const present = new Set(
        (
          await db
            .select({ id: ads.id })
            .from(ads)
            .where(
              sql`${ads.id} in (${sql.join(
                rows.map((row) => sql`${row.id}::uuid`),
                sql`, `,
              )})`,
            )
        ).map((a) => a.id),
      );
      const fresh = [];
      for (const [i, { colors, ...row }] of rows.entries()) {
        if (present.has(row.id)) continue;
        let image: StoredPicture | null = null;
        if (from + i >= opts.ads - withPictures) {
          const { hash, variants } = await processImage(await drawAdPicture(from + i, colors), AD_PICTURE_SIZES);
          const base = pictureBase('ads', row.id, hash);
          for (const [name, v] of Object.entries(variants)) await storage.put(variantKey(base, name), v.data, v.contentType);
          image = { base, width: variants.detail.width, height: variants.detail.height, cardWidth: variants.card.width, cardHeight: variants.card.height };
          drawn++;
        }
        fresh.push({ ...row, image });
      }
      if (fresh.length) inserted += (await db.insert(ads).values(fresh).onConflictDoNothing().returning({ id: ads.id })).length;
      if ((from / BATCH) % 20 === 19) log(`ads: ${from + rows.length} / ${opts.ads}`);
    }
  }
}
