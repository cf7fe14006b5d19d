import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { MIGRATIONS_DIR, PGLITE_EXTENSIONS } from './client';

type Exec = (statement: string) => Promise<unknown>;
type Query = <T>(statement: string) => Promise<T[]>;

/** Runs the committed migrations before `stop` (today's schema), and returns the runner of the rest. */
async function migrateUpTo(exec: Exec, stop: string) {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const tags = journal.entries.map((e) => e.tag);
  const run = async (tag: string) => {
    const text = await readFile(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await exec(statement);
  };
  const at = tags.indexOf(stop);
  for (const tag of tags.slice(0, at)) await run(tag);
  return async () => {
    for (const tag of tags.slice(at)) await run(tag);
  };
}

function onBothEngines(title: string, check: (exec: Exec, query: Query) => Promise<void>) {
  it(`${title} (PGlite)`, { timeout: 240_000 }, async () => {
    const db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    try {
      await check(
        (s) => db.exec(s),
        async <T>(s: string) => (await db.query<T>(s)).rows,
      );
    } finally {
      await db.close();
    }
  });
  it.runIf(process.env.TEST_DATABASE_URL)(`${title} (PostgreSQL server)`, { timeout: 240_000 }, async () => {
    const name = `cc_mig_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      await check(
        (s) => client.query(s),
        async <T>(s: string) => (await client.query(s)).rows as T[],
      );
    } finally {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
}

describe('migration 0028 on a database made by the schema before it', () => {
  onBothEngines('gives every employer a company from their profile and jobs, and every row keeps its meaning', async (exec, query) => {
    const rest = await migrateUpTo(exec, '0028_companies');
    const user = (id: string, name: string, days: number) => `('${id}', '${name}', '${id}@example.com', true, now() - interval '${days} days', now())`;
    await exec(`insert into users (id, name, email, email_verified, created_at, updated_at) values
      ${[user('emp1', 'Marcia Bay', 50), user('emp2', 'Café Créole', 40), user('emp3', 'Second Bay', 30), user('gone', 'Suspended Boss', 20), user('seek', 'Sam Seeker', 10), user('adm', 'Admin', 60)].join(',')}`);
    await exec(`insert into profiles (id, full_name, role, previous_role, email, avatar_url, bio, country, created_at) values
      ('emp1', 'Marcia Bay', 'employer', null, 'emp1@example.com', '/api/files/avatars/emp1.png?v=1', 'We run hotels.', 'Jamaica', now() - interval '50 days'),
      ('emp2', 'Café Créole', 'employer', null, 'emp2@example.com', null, '', 'Haiti', now() - interval '40 days'),
      ('emp3', 'Second Bay', 'employer', null, 'emp3@example.com', null, '', '', now() - interval '30 days'),
      ('gone', 'Suspended Boss', 'suspended', 'employer', 'gone@example.com', null, '', '', now() - interval '20 days'),
      ('seek', 'Sam Seeker', 'jobseeker', null, 'seek@example.com', null, '', '', now() - interval '10 days'),
      ('adm', 'Admin', 'admin', null, 'adm@example.com', null, '', '', now() - interval '60 days')`);
    await exec(`insert into verified_employers (user_id, verified_by) values ('emp1', 'adm')`);
    await exec(`insert into jobs (id, user_id, title, description, company, category, country, created_at, expires_at, paid) values
      ('00000000-0000-4000-8000-000000000001', 'emp1', 'Old Chef', 'd', 'Bay Hotels', 'Hospitality', 'Jamaica', now() - interval '40 days', now() - interval '10 days', true),
      ('00000000-0000-4000-8000-000000000002', 'emp1', 'Front Desk', 'd', 'Bay Resorts Ltd', 'Hospitality', 'Jamaica', now() - interval '2 days', now() + interval '28 days', true),
      ('00000000-0000-4000-8000-000000000003', 'emp3', 'Porter', 'd', 'Bay Resorts Ltd', 'Hospitality', 'Jamaica', now() - interval '1 day', now() + interval '29 days', true),
      ('00000000-0000-4000-8000-000000000004', 'gone', 'Cashier', 'd', 'Gone Co', 'Retail', 'Haiti', now() - interval '1 day', now() + interval '29 days', false)`);
    await exec(`insert into applications (id, job_id, user_id, status, cover_letter) values
      ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000002', 'seek', 'Shortlisted', 'Hi'),
      ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000003', 'seek', 'Pending', 'Hello')`);
    await exec(`insert into interviews (job_id, job_title, job_company, applicant_id, employer_id, interview_time, status) values
      ('00000000-0000-4000-8000-000000000002', 'Front Desk', 'Bay Resorts Ltd', 'seek', 'emp1', now() + interval '3 days', 'confirmed')`);
    const snapshot = async () => ({
      jobs: await query(`select id, user_id, title, company, paid, expires_at, created_at from jobs order by id`),
      applications: await query(`select id, job_id, user_id, status, cover_letter from applications order by id`),
      interviews: await query(`select job_id, applicant_id, employer_id, interview_time, status from interviews order by job_id`),
      profiles: await query(`select id, role, previous_role, full_name, avatar_url from profiles order by id`),
    });
    const before = await snapshot();

    await rest();

    expect(await snapshot()).toEqual(before);
    const companies = await query<{
      owner: string;
      name: string;
      slug: string;
      logo_url: string | null;
      about: string;
      country: string;
      verified: boolean;
      open_jobs: number;
    }>(
      `select m.user_id as owner, c.name, c.slug, c.logo_url, c.about, c.country, c.verified_at is not null as verified, c.open_jobs
       from companies c join company_members m on m.company_id = c.id and m.role = 'owner' order by m.user_id`,
    );
    expect(companies).toEqual([
      // The name of the newest job's company field, the avatar as logo, the bio, the country, verified.
      {
        owner: 'emp1',
        name: 'Bay Resorts Ltd',
        slug: 'bay-resorts-ltd',
        logo_url: '/api/files/avatars/emp1.png?v=1',
        about: 'We run hotels.',
        country: 'Jamaica',
        verified: true,
        open_jobs: 1,
      },
      // No jobs: the person's name, folded to an ASCII slug.
      { owner: 'emp2', name: 'Café Créole', slug: 'cafe-creole', logo_url: null, about: '', country: 'Haiti', verified: false, open_jobs: 0 },
      // The same name as an older account's: a suffix.
      { owner: 'emp3', name: 'Bay Resorts Ltd', slug: 'bay-resorts-ltd-2', logo_url: null, about: '', country: '', verified: false, open_jobs: 1 },
      // A suspended former employer keeps their jobs in a company too.
      { owner: 'gone', name: 'Gone Co', slug: 'gone-co', logo_url: null, about: '', country: '', verified: false, open_jobs: 0 },
    ]);
    // Every job belongs to its poster's company; nobody else got one.
    const orphans = await query<{ n: number }>(
      `select count(*)::int as n from jobs j where j.company_id is distinct from (select company_id from company_members where user_id = j.user_id)`,
    );
    expect(orphans[0]!.n).toBe(0);
    expect(await query(`select user_id from company_members where user_id in ('seek', 'adm')`)).toEqual([]);
    expect(await query<{ slug: string }>(`select slug from company_slugs order by slug`)).toEqual(
      companies.map((c) => ({ slug: c.slug })).sort((a, b) => a.slug.localeCompare(b.slug)),
    );
    // From then on a job inserted without a company gets its poster's, and the counts follow.
    await exec(
      `insert into jobs (user_id, title, description, company, category, country) values ('emp2', 'Cook', 'd', 'Café Créole', 'Hospitality', 'Haiti')`,
    );
    expect(await query(`select c.open_jobs from companies c where c.slug = 'cafe-creole'`)).toEqual([{ open_jobs: 1 }]);
    await exec(`update jobs set expires_at = now() - interval '1 minute' where title = 'Cook'`);
    expect(await query(`select c.open_jobs from companies c where c.slug = 'cafe-creole'`)).toEqual([{ open_jobs: 0 }]);
    await exec(`delete from jobs where title = 'Porter'`);
    expect(await query(`select c.open_jobs from companies c where c.slug = 'bay-resorts-ltd-2'`)).toEqual([{ open_jobs: 0 }]);
  });
});
