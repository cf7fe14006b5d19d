import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { AD_CATEGORIES, CARIBBEAN_COUNTRIES, currencyOfCountry } from '@caribconnect/shared';
import type { Db } from '../client';
import { adCategories, ads, type StoredPicture } from '../schema';
import { AD_PICTURE_SIZES } from '../../lib/ad-files';
import { pictureBase, processImage, variantKey } from '../../lib/images';
import type { Storage } from '../../lib/storage/storage';
import { AD_CONDITIONS, AD_CONTACT, AD_ITEMS } from './ad-data';
import { BULK_INDEX_FROM, countRows, withIndexesDeferred } from './bulk';
import { PLACES } from './data';
import { random, seedUuid } from './seed';

/** Ads a statement: one JSON parameter of ~5 MB. */
const BATCH = 10_000;
const DAY = 24 * 60 * 60 * 1000;

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

/** The columns a batch carries, as json_to_recordset reads them. */
const COLUMNS =
  'id uuid, user_id text, title text, description text, category_id uuid, created_at timestamptz, updated_at timestamptz, ' +
  'country text, town text, price_kind text, price numeric, currency text, negotiable boolean, image jsonb';

/**
 * Ensures the ad categories and adds `ads` demo ads, oldest first (physical order follows
 * created_at, as on a live site). Each batch of BATCH ads is one INSERT ... SELECT from a JSON
 * array (one parameter, the same on PGlite and PostgreSQL); a seed adding BULK_INDEX_FROM ads or
 * more builds the table's secondary indexes once at the end. Idempotent: deterministic ids and
 * pictures, ON CONFLICT DO NOTHING, and pictures are only drawn for ads not yet in the table.
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
  const bulk = opts.ads - (await countRows(db, 'ads')) >= BULK_INDEX_FROM;
  await withIndexesDeferred(db, 'ads', bulk, insertAds);
  await db.execute(sql`analyze ads`);
  log(`ads: ${opts.ads} in the data set (${inserted} new, ${drawn} pictures drawn) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { adsInserted: inserted };

  async function insertAds() {
    for (let from = 0; from < opts.ads; from += BATCH) {
      const rows = [];
      for (let n = from; n < Math.min(from + BATCH, opts.ads); n++) rows.push(demoAd(n, opts.ads, opts.userIds, categoryIds, now));
      const fresh = [];
      // Only the newest ads have pictures: those batches skip ads already stored before drawing.
      const picturesFrom = opts.ads - withPictures;
      const present = from + rows.length > picturesFrom ? await presentIds(rows.map((r) => r.id)) : new Set<string>();
      for (const [i, { colors, ...row }] of rows.entries()) {
        if (present.has(row.id)) continue;
        let image: StoredPicture | null = null;
        if (from + i >= picturesFrom) {
          const { hash, variants } = await processImage(await drawAdPicture(from + i, colors), AD_PICTURE_SIZES);
          const base = pictureBase('ads', row.id, hash);
          for (const [name, v] of Object.entries(variants)) await storage.put(variantKey(base, name), v.data, v.contentType);
          image = { base, width: variants.detail.width, height: variants.detail.height, cardWidth: variants.card.width, cardHeight: variants.card.height };
          drawn++;
        }
        fresh.push({
          id: row.id,
          user_id: row.userId,
          title: row.title,
          description: row.description,
          category_id: row.categoryId,
          created_at: row.createdAt.toISOString(),
          updated_at: row.updatedAt.toISOString(),
          country: row.country,
          town: row.town,
          price_kind: row.priceKind,
          price: row.price,
          currency: row.currency,
          negotiable: row.negotiable,
          image,
        });
      }
      if (fresh.length) {
        const res =
          (await db.execute(sql`insert into ads (id, user_id, title, description, category_id, created_at, updated_at, country, town, price_kind, price, currency, negotiable, image)
          select id, user_id, title, description, category_id, created_at, updated_at, country, town, price_kind, price, currency, negotiable, image
          from json_to_recordset(${JSON.stringify(fresh)}::json) as r(${sql.raw(COLUMNS)})
          -- Skipping stored ads here spares computing their search column again (a re-run).
          where not exists (select 1 from ads a where a.id = r.id)
          on conflict do nothing`)) as unknown as { rowCount?: number; affectedRows?: number };
        inserted += res.rowCount ?? res.affectedRows ?? 0;
      }
      if ((from / BATCH) % 10 === 9) log(`ads: ${from + rows.length} / ${opts.ads}`);
    }
  }

  async function presentIds(ids: string[]) {
    const found = await db
      .select({ id: ads.id })
      .from(ads)
      .where(
        sql`${ads.id} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
    return new Set(found.map((a) => a.id));
  }
}
