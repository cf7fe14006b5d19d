import { describe, expect, inject, it } from 'vitest';
import { pooledPglite } from '../../test/pglite-pool';

// The API tests' embedded databases are reused from file to file (test/pglite-pool.ts): what one
// file leaves behind must not reach the next.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a reused test database', { timeout: 60_000 }, () => {
  const open = () => pooledPglite(inject('pgliteTemplate'));
  const count = async (db: Awaited<ReturnType<typeof open>>, sql: string) => (await db.pglite!.query<{ n: number }>(sql)).rows[0]!.n;

  it("comes back as the template left it: no rows, objects, settings or locks of the file before; the template's own rows kept", async () => {
    const first = await open();
    const client = first.pglite!;
    const categories = await count(first, 'select count(*)::int as n from ad_categories');
    const migrations = await count(first, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(categories).toBeGreaterThan(0);
    await client.exec(`
      insert into users (id, name, email, email_verified, created_at, updated_at) values ('u1', 'Left Behind', 'left@example.com', true, now(), now());
      insert into ad_categories (slug, name) select 'left-' || g, 'Left behind ' || g from generate_series(1, 3) g;
      create table left_behind (id int);
      create temporary table scratch (id int);
      set statement_timeout = 1234;
      select pg_advisory_lock(99);
      begin;
    `);
    await first.close();

    const second = await open();
    expect(second.pglite, 'the same PGlite, reused').toBe(client);
    expect(await count(second, 'select count(*)::int as n from users')).toBe(0);
    expect(await count(second, 'select count(*)::int as n from ad_categories')).toBe(categories);
    expect(await count(second, 'select count(*)::int as n from drizzle.__drizzle_migrations')).toBe(migrations);
    expect(await count(second, "select count(*)::int as n from pg_class where relname in ('left_behind', 'scratch')")).toBe(0);
    expect((await client.query<{ statement_timeout: string }>('show statement_timeout')).rows[0]!.statement_timeout).toBe('0');
    expect(await count(second, "select count(*)::int as n from pg_locks where locktype = 'advisory'")).toBe(0);
    // What the first file added can be added again.
    await client.exec(`insert into users (id, name, email) values ('u1', 'Fresh', 'left@example.com')`);
    await second.close();
  });

  it('is not reused once its schema changed: the next file gets a new one', async () => {
    const first = await open();
    const client = first.pglite!;
    await client.exec('alter table ad_categories add column left_behind int');
    await first.close();
    expect(client.closed).toBe(true);
    const second = await open();
    expect(second.pglite).not.toBe(client);
    expect(await count(second, "select count(*)::int as n from information_schema.columns where column_name = 'left_behind'")).toBe(0);
    await second.close();
  });
});
