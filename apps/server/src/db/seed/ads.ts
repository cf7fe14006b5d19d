import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { AD_CATEGORIES, CARIBBEAN_COUNTRIES, currencyOfCountry } from '@caribconnect/shared';
import type { Db } from '../client';
import { adCategories, type StoredPicture } from '../schema';
import { AD_PICTURE_SIZES } from '../../lib/ad-files';
import { pictureBase, processImage, variantKey } from '../../lib/images';
import type { Storage } from '../../lib/storage/storage';
import { AD_CONDITIONS, AD_CONTACT, AD_ITEMS } from './ad-data';
import { batches, BULK_INDEX_FROM, countRows, draw, inParallel, pick, seconds, withIndexesDeferred } from './bulk';
import { PLACES } from './data';
import { random, seedUuid } from './ids';

/** Ads a statement: each a few hundred bytes of ids sent, the rest made in the database. */
const BATCH = 25_000;

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

/** The ad categories and places an ad is drawn from, as the generator's JSON parameters (see adsSql). */
function adLists(categoryIds: Map<string, string>) {
  return {
    categories: AD_CATEGORIES.map((c, i) => ({
      i,
      id: categoryIds.get(c.slug) ?? null,
      items: AD_ITEMS[c.slug].items,
      lo: AD_ITEMS[c.slug].price[0],
      hi: AD_ITEMS[c.slug].price[1],
    })),
    places: CARIBBEAN_COUNTRIES.map((country, i) => ({ i, country, towns: PLACES[country]!.towns, currency: currencyOfCountry(country) ?? 'USD' })),
  };
}

const textArray = (items: readonly string[]) => sql`${sql.param(items)}::text[]`;

/**
 * The INSERT of ads n in [from, to) of a data set of `total`, every field drawn in the database
 * (draw/pick: a hash of n, so ad n always gets the same content) over the ids computed here
 * (seedUuid, as the seed always named its ads, so ads seeded before are found, not doubled). The
 * category follows n (n % 11, as the picture's colours do); createdAt is spread over ~10 months and
 * grows with n (oldest first, as a live site appends them). The price the title states is in US
 * dollars; a tenth of priced ads say "on request"; a category without prices gives its ads free, in
 * the country's currency. `images` are the pictures drawn for the newest ads, by id.
 */
export function adsSql(
  from: number,
  to: number,
  total: number,
  userIds: string[],
  categoryIds: Map<string, string>,
  now: number,
  images: Map<string, StoredPicture>,
) {
  const ids = Array.from({ length: to - from }, (_, i) => seedUuid(`ad-${from + i}`));
  const pictures = ids.filter((id) => images.has(id)).map((id) => ({ id, image: images.get(id) }));
  const { categories, places } = adLists(categoryIds);
  return sql`
    with cat as (select * from jsonb_to_recordset(${JSON.stringify(categories)}::jsonb) as c(i int, id uuid, items text[], lo int, hi int)),
    place as (select * from jsonb_to_recordset(${JSON.stringify(places)}::jsonb) as p(i int, country text, towns text[], currency text)),
    ad as (
      select u.id::uuid as id, u.n, c.id as category_id, p.country, p.currency,
        p.towns[${sql.raw(pick(2, 'cardinality(p.towns)'))}] as town,
        p.towns[${sql.raw(pick(7, 'cardinality(p.towns)'))}] as near,
        c.items[${sql.raw(pick(3, 'cardinality(c.items)'))}] as item,
        case when c.hi > 0 then round((c.lo + ${sql.raw(draw(4))} * (c.hi - c.lo)) / 5) * 5 else 0 end as price,
        (${textArray(AD_CONDITIONS)})[${sql.raw(pick(5, AD_CONDITIONS.length))}] as condition,
        (${textArray(AD_CONTACT)})[${sql.raw(pick(6, AD_CONTACT.length))}] as contact,
        (${textArray(userIds)})[1 + u.n % ${userIds.length}] as user_id,
        ${new Date(now).toISOString()}::timestamptz - floor((1 - (u.n + ${sql.raw(draw(8))}) / ${Math.max(total, 1)}) ^ 2 * 300 * 86400000) * interval '1 millisecond' as created_at
      from (select id, k + ${from - 1} as n from unnest(${textArray(ids)}) with ordinality as x(id, k)) u
      join cat c on c.i = u.n % ${categories.length}
      join place p on p.i = ${sql.raw(pick(1, places.length))} - 1
    ),
    priced as (select *, price > 0 and n % 10 = 3 as on_request from ad)
    insert into ads (id, user_id, title, description, category_id, created_at, updated_at, country, town, price_kind, price, currency, negotiable, image)
    select a.id, user_id,
      item || case when price > 0 then ' – US$' || to_char(price, 'FM999,999,999') else '' end || ' (' || town || ')',
      item || ' in ' || town || ', ' || country || '. ' || condition || '. ' || contact || '. Located near ' || near
        || E'; ask for more photos.\n\nPosted by a CaribConnect member. Ref #' || (1000 + n) || '.',
      category_id, created_at, created_at, country, town,
      case when on_request then 'on_request' when price > 0 then 'amount' else 'free' end,
      case when not on_request then price end,
      case when on_request then null when price > 0 then 'USD' else currency end,
      not on_request and price > 0 and n % 3 = 0,
      i.image
    from priced a left join jsonb_to_recordset(${JSON.stringify(pictures)}::jsonb) as i(id uuid, image jsonb) on i.id = a.id
    on conflict do nothing`;
}

export interface SeedAdsOptions {
  ads: number;
  /** How many of the newest ads get a generated picture (each one its own files, as a real upload has). */
  pictures?: number;
  userIds: string[];
  log?: (line: string) => void;
  now?: number;
  /** Connections writing at once: 2 on the PostgreSQL server (two cores), 1 on PGlite. */
  workers?: number;
  /** The pictures, when drawAdPictures was started earlier with the same `ads` and `pictures`. */
  drawing?: Promise<Map<string, StoredPicture>>;
}

/**
 * Ensures the ad categories and adds `ads` demo ads, oldest first (physical order follows
 * created_at, as on a live site), BATCH an INSERT generated in the database (adsSql), `workers`
 * statements at once; a seed adding BULK_INDEX_FROM ads or more builds the table's secondary
 * indexes once at the end. The newest ads' pictures are drawn meanwhile, in this process, and go in
 * with their rows. Idempotent: deterministic ids and pictures, ON CONFLICT DO NOTHING, and pictures
 * are only drawn for ads not yet in the table.
 */
export async function seedAds(db: Db, storage: Storage, opts: SeedAdsOptions) {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? Date.now();
  await db
    .insert(adCategories)
    .values(AD_CATEGORIES.map((c) => ({ slug: c.slug, name: c.name })))
    .onConflictDoNothing();
  const categoryIds = new Map((await db.select().from(adCategories)).map((c) => [c.slug, c.id]));
  const started = Date.now();
  const picturesFrom = opts.ads - Math.min(opts.pictures ?? 300, opts.ads);
  // Drawn while the database writes the older ads (or from the seed's start: `drawing`); the batches holding these ads wait for them.
  const drawing = opts.drawing ?? drawAdPictures(db, storage, opts);
  drawing.catch(() => {});
  let inserted = 0;
  const bulk = opts.ads - (await countRows(db, 'ads')) >= BULK_INDEX_FROM;
  await withIndexesDeferred(
    db,
    'ads',
    bulk,
    () =>
      inParallel(batches(opts.ads, BATCH), opts.workers ?? 1, async ({ from, to }) => {
        const images = to > picturesFrom ? await drawing : new Map<string, StoredPicture>();
        const res = (await db.transaction(async (tx) => {
          // A crash loses a seed batch at worst, which a re-run adds: no need to wait for the disk at each commit.
          await tx.execute(sql`set local synchronous_commit = off`);
          // A bulk seed writes the search documents once at the end (rebuildAdSearchDocs), not row by row in the trigger.
          if (bulk) await tx.execute(sql`set local caribconnect.bulk_seed = 'on'`);
          return tx.execute(adsSql(from, to, opts.ads, opts.userIds, categoryIds, now, images));
        })) as unknown as { rowCount?: number; affectedRows?: number };
        inserted += res.rowCount ?? res.affectedRows ?? 0;
        if (opts.ads >= 10 * BATCH && (to / BATCH) % 4 === 0) log(`ads: ${to} / ${opts.ads} (${seconds(started)})`);
      }),
    { workers: opts.workers, log: (line) => log(`ads: ${line}`) },
  );
  if (bulk) await rebuildAdSearchDocs(db, log);
  const analyzed = Date.now();
  await db.execute(sql`analyze ads`);
  if (bulk) log(`ads: statistics in ${seconds(analyzed)}`);
  log(`ads: ${opts.ads} in the data set (${inserted} new, ${(await drawing).size} pictures drawn) in ${seconds(started)}`);
  return { adsInserted: inserted };
}

/**
 * Draws the pictures of the newest `pictures` ads of a data set of `ads` that are not stored yet
 * (each its own files, as a real upload has), by id. CPU work in this process: the seed starts it
 * first, so it runs while the database writes the jobs and the older ads.
 */
export async function drawAdPictures(db: Db, storage: Storage, opts: { ads: number; pictures?: number }): Promise<Map<string, StoredPicture>> {
  const from = opts.ads - Math.min(opts.pictures ?? 300, opts.ads);
  const wanted = Array.from({ length: opts.ads - from }, (_, i) => ({ n: from + i, id: seedUuid(`ad-${from + i}`) }));
  const present = wanted.length
    ? new Set(
        (
          (await db.execute(sql`select id from ads where id = any(${sql.param(wanted.map((w) => w.id))}::uuid[])`)) as unknown as {
            rows: Array<{ id: string }>;
          }
        ).rows.map((a) => a.id),
      )
    : new Set<string>();
  const images = new Map<string, StoredPicture>();
  for (const { n, id } of wanted.filter((w) => !present.has(w.id))) {
    const { hash, variants } = await processImage(await drawAdPicture(n, AD_ITEMS[AD_CATEGORIES[n % AD_CATEGORIES.length]!.slug].colors), AD_PICTURE_SIZES);
    const base = pictureBase('ads', id, hash);
    for (const [name, v] of Object.entries(variants)) await storage.put(variantKey(base, name), v.data, v.contentType);
    images.set(id, { base, width: variants.detail.width, height: variants.detail.height, cardWidth: variants.card.width, cardHeight: variants.card.height });
  }
  return images;
}

/**
 * Writes ad_search_docs and ad_search_vocabulary (migration 0042, decision 0072) again from every
 * ad, in one statement and one build of each index, in one transaction, then vacuums them (PGlite
 * has no autovacuum).
 */
export async function rebuildAdSearchDocs(db: Db, log: (line: string) => void) {
  const t = Date.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await tx.execute(sql`truncate ad_search_docs`);
    const indexes = (await tx.execute(
      sql`select indexname as name, indexdef as def from pg_indexes where schemaname = current_schema() and tablename = 'ad_search_docs' and indexname <> 'ad_search_docs_pkey'`,
    )) as unknown as { rows: Array<{ name: string; def: string }> };
    for (const { name } of indexes.rows) await tx.execute(sql.raw(`drop index "${name}"`));
    await tx.execute(sql`insert into ad_search_docs (ad_id, created_at, expires_at, doc)
      select a.id, a.created_at, a.expires_at, ad_search_doc(a.title, c.name, a.country, a.town, a.description) from ads a left join ad_categories c on c.id = a.category_id`);
    await tx.execute(sql`insert into ad_search_vocabulary (word)
      select distinct w from ads a cross join lateral unnest(search_words(search_fold(a.title))) w on conflict do nothing`);
    for (const { def } of indexes.rows) await tx.execute(sql.raw(def));
  });
  await db.execute(sql`vacuum analyze ad_search_docs`);
  await db.execute(sql`analyze ad_search_vocabulary`);
  log(`ads: search documents written in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
