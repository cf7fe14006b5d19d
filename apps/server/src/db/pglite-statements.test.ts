import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { PREPARED_MAX, preparedStatements } from './pglite-statements';
import { loadTemplate } from '../../test/pglite-pool';

// PGlite's own statement path against ours: the same in any run, so only in the PGlite pass.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite statements prepared once and sent as one message', () => {
  let plain: PGlite;
  let client: PGlite;
  beforeAll(async () => {
    plain = await loadTemplate(inject('pgliteTemplate'));
    client = preparedStatements(await loadTemplate(inject('pgliteTemplate')));
    for (const db of [plain, client]) {
      await db.exec(`create table t (id int primary key, name text, at timestamptz, tags text[], doc jsonb, ok boolean, n numeric)`);
    }
  });
  afterAll(async () => {
    await plain.close();
    await client.close();
  });
  const prepared = async () => (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

  it('gives the same rows as PGlite’s own path for every kind of parameter, call after call', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    for (const db of [plain, client]) {
      for (let id = 1; id <= 3; id++) {
        await db.query('insert into t (id, name, at, tags, doc, ok, n) values ($1, $2, $3, $4, $5, $6, $7)', [
          id,
          id === 2 ? null : `Curaçao "${id}" \\ 'x'`,
          at,
          ['a', 'b,c', 'd"e', null],
          { k: [id, 'ü'] },
          id % 2 === 0,
          '12.50',
        ]);
      }
    }
    const sql = 'select id, name, at, tags, doc, ok, n, $1::text as echoed from t where id >= $2 and at <= $3 order by id';
    for (const params of [
      ['p', 1, new Date()],
      [null, 2, at],
    ]) {
      const want = await plain.query(sql, params, { rowMode: 'array' });
      for (let call = 0; call < 3; call++) {
        const got = await client.query(sql, params, { rowMode: 'array' });
        expect(got.rows).toEqual(want.rows);
        expect(got.fields).toEqual(want.fields);
      }
    }
    expect((await client.query('update t set ok = not ok where id > $1', [1])).affectedRows).toBe(2);
  });

  it('throws the database’s error, with the statement, and goes on working after it', async () => {
    const insert = 'insert into t (id, name) values ($1, $2)';
    await expect(client.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505', query: insert, params: [1, 'again'] });
    await expect(client.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    await expect(client.query('select $1::int', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await client.query(insert, [10, 'ten'])).affectedRows).toBe(1);
    expect((await client.query<{ v: number }>('select $1::int as v', ['7'])).rows).toEqual([{ v: 7 }]);
    // A failed statement is closed, not left behind; the next call prepares it again.
    const preparedAs = async (text: string) =>
      (await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where statement = $1', [text])).rows[0]!.n;
    expect(await preparedAs(insert)).toBe(1);
    await expect(client.query(insert, [10, 'ten'])).rejects.toMatchObject({ code: '23505' });
    expect(await preparedAs(insert)).toBe(0);
    expect((await client.query(insert, [11, 'eleven'])).affectedRows).toBe(1);
    expect(await preparedAs(insert)).toBe(1);
  });

  it('prepares a statement again when its table changed under it', async () => {
    const all = 'select * from t where id = $1';
    expect(Object.keys((await client.query<object>(all, [10])).rows[0]!)).not.toContain('extra');
    await client.exec(`alter table t add column extra text default 'new'`);
    expect((await client.query<{ extra: string }>(all, [10])).rows[0]!.extra).toBe('new');
  });

  it('keeps at most PREPARED_MAX statements, closing the least recently used', async () => {
    for (let i = 0; i < PREPARED_MAX + 20; i++) await client.query(`select ${i} as v where $1::int > 0`, [1]);
    expect(await prepared()).toBeLessThanOrEqual(PREPARED_MAX);
    expect((await client.query<{ v: number }>('select 3 as v where $1::int > 0', [1])).rows).toEqual([{ v: 3 }]);
  });

  it('takes turns with transactions: statements never run inside one they are not part of', async () => {
    await client.exec('create table c (n int)');
    const tx = client.transaction(async (t) => {
      await t.query('insert into c values (1)');
      await new Promise((r) => setTimeout(r, 20));
      await t.query('insert into c values (2)');
      throw new Error('roll back');
    });
    const seen = client.query<{ n: number }>('select count(*)::int as n from c');
    await expect(tx).rejects.toThrow('roll back');
    expect((await seen).rows).toEqual([{ n: 0 }]);
  });
});
