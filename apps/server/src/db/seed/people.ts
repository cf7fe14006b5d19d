import { sql } from 'drizzle-orm';
import { CARIBBEAN_COUNTRIES, SPECIALTIES } from '@caribconnect/shared';
import type { Db } from '../client';
import { batches, BULK_INDEX_FROM, countRows, inParallel, seconds, withIndexesDeferred } from './bulk';

/** Given names and family names heard across the region (English, Spanish, French, Dutch and Indo-Caribbean). */
const FIRST = [
  'Keisha',
  'Andre',
  'Shanice',
  'Rohan',
  'Nadia',
  'Luis',
  'Tamara',
  'Kemar',
  'Marisol',
  'Jean',
  'Fabienne',
  'Dwayne',
  'Anjali',
  'Ravi',
  'Yolanda',
  'Carlos',
  'Sherise',
  'Omari',
  'Gabriela',
  'Pierre',
  'Chantal',
  'Devon',
  'Priya',
  'Kevin',
  'Daniela',
  'Jeroen',
  'Sharda',
  'Tyrone',
  'Mireille',
  'José',
  'Alicia',
  'Marlon',
  'Indira',
  'Stefan',
  'Natasha',
  'Ricardo',
  'Esther',
  'Winston',
  'Rosalind',
  'Akeem',
];
const LAST = [
  'Browne',
  'Baptiste',
  'Williams',
  'Persaud',
  'Charles',
  'Martínez',
  'Joseph',
  'Campbell',
  'Ramdass',
  'Laurent',
  'Rodríguez',
  'Thompson',
  'Gooding',
  'Pierre',
  'Singh',
  'Henry',
  'Alleyne',
  'Martis',
  'Francis',
  'St. Louis',
  'Mohammed',
  'Clarke',
  'Greaves',
  'Pérez',
  'Boyce',
  'Isenia',
  'Dubois',
  'Ali',
  'Maharaj',
  'Lewis',
  'Etienne',
  'Rivera',
  'Gomes',
  'Hinds',
  'Bynoe',
  "O'Neil",
  'Jean-Louis',
  'Sánchez',
  'Roberts',
  'Ramkissoon',
];

/**
 * One row a person, for n in [from, to], computed in the database: a mix of job seekers (75%),
 * employers (20%) and consultants (5%), joined over ~400 days, more of them recently.
 */
function peopleSql(from: number, to: number, total: number, now: number) {
  return sql`select 'seed-person-' || n as id,
      (${JSON.stringify(FIRST)}::jsonb ->> ((n * 7) % ${FIRST.length})::int) || ' ' || (${JSON.stringify(LAST)}::jsonb ->> ((n * 13 + n / ${FIRST.length}) % ${LAST.length})::int) as name,
      'person' || n || '@people.caribconnect.example' as email,
      case when n % 20 = 0 then 'consultant' when n % 20 < 5 then 'employer' else 'jobseeker' end as role,
      ${JSON.stringify(CARIBBEAN_COUNTRIES)}::jsonb ->> ((n * 11) % ${CARIBBEAN_COUNTRIES.length})::int as country,
      ${JSON.stringify(SPECIALTIES)}::jsonb ->> ((n / 20) % ${SPECIALTIES.length})::int as specialty,
      to_timestamp(${now / 1000}) - (((1 - n::float8 / ${total}) ^ 2) * interval '400 days') as created_at
    from generate_series(${from}::int, ${to}::int) n`;
}

export interface SeedPeopleOptions {
  people: number;
  /**
   * One password hash for every account (the demo password, hashed once): hashing 100,000 passwords
   * one by one would take most of an hour. Everyone can sign in as person<n>@people.caribconnect.example.
   */
  passwordHash: string;
  log?: (line: string) => void;
  now?: number;
  /** Connections writing at once: 2 on the PostgreSQL server (two cores), 1 on PGlite. */
  workers?: number;
}

const CHUNK = 20_000;

/**
 * Adds `people` accounts (users, credential accounts, profiles, and consultant cards for the
 * consultants) by INSERT ... SELECT over generate_series, CHUNK people a statement. Idempotent:
 * deterministic ids and ON CONFLICT DO NOTHING.
 */
export async function seedPeople(db: Db, opts: SeedPeopleOptions) {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? Date.now();
  const started = Date.now();
  const bulk = opts.people - (await countRows(db, 'profiles')) >= BULK_INDEX_FROM;
  let inserted = 0;
  await withIndexesDeferred(
    db,
    ['profiles', 'consultants'],
    bulk,
    () =>
      inParallel(batches(opts.people, CHUNK), opts.workers ?? 1, async ({ from: first, to: end }) => {
        const [from, to] = [first + 1, end];
        const people = peopleSql(from, to, opts.people, now);
        await db.transaction(async (tx) => {
          // A crash loses a seed chunk at worst, which a re-run adds: no need to wait for the disk at each commit.
          await tx.execute(sql`set local synchronous_commit = off`);
          const added = (await tx.execute(sql`insert into users (id, name, email, email_verified, created_at, updated_at)
            select id, name, email, true, created_at, created_at from (${people}) p on conflict do nothing`)) as unknown as {
            rowCount?: number;
            affectedRows?: number;
          };
          inserted += added.rowCount ?? added.affectedRows ?? 0;
          await tx.execute(sql`insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
            select id || '-credential', id, 'credential', id, ${opts.passwordHash}, created_at, created_at from (${people}) p on conflict do nothing`);
          await tx.execute(sql`insert into profiles (id, full_name, role, email, country, created_at, updated_at)
            select id, name, role, email, country, created_at, created_at from (${people}) p on conflict do nothing`);
          await tx.execute(sql`insert into consultants (user_id, full_name, email, country, specialty, contact_info, bio, created_at, updated_at)
            select id, name, email, country, specialty, 'Message me on CaribConnect', specialty || ' consultant based in ' || country || '.', created_at, created_at
            from (${people}) p where role = 'consultant' on conflict do nothing`);
        });
        if (opts.people >= 5 * CHUNK) log(`people: ${to} / ${opts.people} (${seconds(started)})`);
      }),
    { workers: opts.workers, log: (line) => log(`people: ${line}`) },
  );
  const analyzed = Date.now();
  for (const table of ['users', 'accounts', 'profiles', 'consultants']) await db.execute(sql.raw(`analyze ${table}`));
  if (bulk) log(`people: statistics in ${seconds(analyzed)}`);
  log(`people: ${opts.people} in the data set (${inserted} new) in ${seconds(started)}`);
  return { peopleInserted: inserted };
}
