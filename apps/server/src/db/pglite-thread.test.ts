import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite, types } from '@electric-sql/pglite';
import { isUniqueViolation } from '../lib/db-errors';
import { PgliteThread } from './pglite-thread';

describe('PGlite on its own thread', () => {
  let plain: PGlite;
  let thread: PgliteThread;
  beforeAll(async () => {
    // Side by side: each takes seconds to start on a busy machine, and the hook has one minute.
    [plain, thread] = await Promise.all([PGlite.create(), PgliteThread.create()]);
    for (const db of [plain, thread]) {
      await db.exec(`create table t (id int primary key, name text unique, at timestamptz, tags text[], doc jsonb, n numeric)`);
    }
  });
  afterAll(async () => {
    await plain.close();
    await thread.close();
  });

  it('gives the rows PGlite gives on this thread, with a caller’s parsers applied here', async () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    for (const db of [plain, thread]) {
      await db.query('insert into t (id, name, at, tags, doc, n) values ($1, $2, $3, $4, $5, $6)', [1, 'Curaçao', at, ['a', null], { k: [1, 'ü'] }, '12.50']);
    }
    const sql = 'select id, name, at, tags, doc, n from t where id = $1';
    for (const rowMode of ['object', 'array'] as const) {
      const [got, want] = [await thread.query(sql, [1], { rowMode }), await plain.query(sql, [1], { rowMode })];
      expect(got.rows).toEqual(want.rows);
      expect(got.fields).toEqual(want.fields);
    }
    // drizzle's own options: timestamps kept as the database's text, by a function.
    const options = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => `text ${value}` } };
    const got = await thread.query<unknown[]>(sql, [1], options);
    expect(got.rows).toEqual((await plain.query<unknown[]>(sql, [1], options)).rows);
    expect(got.rows[0]![2]).toMatch(/^text 2026-03-04 05:06:07\.089\+00/);
  });

  it('throws the database’s error with its fields, and goes on working', async () => {
    const insert = 'insert into t (id, name) values ($1, $2)';
    const err = await thread.query(insert, [2, 'Curaçao']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      code: '23505',
      constraint: 't_name_key',
      table: 't',
      schema: 'public',
      detail: 'Key (name)=(Curaçao) already exists.',
      severity: 'ERROR',
      query: insert,
      params: [2, 'Curaçao'],
    });
    expect(isUniqueViolation(err)).toBe(true);
    await expect(thread.exec('selec 1')).rejects.toMatchObject({ code: '42601', query: 'selec 1' });
    expect((await thread.query(insert, [2, 'two'])).affectedRows).toBe(1);
  });

  it('rolls a transaction back when its callback throws, and commits one that returns', async () => {
    const count = async () => (await thread.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n;
    const before = await count();
    const failure = new Error('changed my mind');
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values ($1, $2)', [3, 'three']);
        expect((await tx.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n).toBe(before + 1);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await count()).toBe(before);

    // A statement that fails inside: the caller sees the database's error and nothing is kept.
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values ($1, $2)', [3, 'three']);
        await tx.query('insert into t (id, name) values ($1, $2)', [4, 'two']);
      }),
    ).rejects.toMatchObject({ code: '23505', constraint: 't_name_key' });
    expect(await count()).toBe(before);

    await thread.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values ($1, $2)', [3, 'three']);
      await tx.rollback();
      expect(tx.closed).toBe(true);
    });
    expect(await count()).toBe(before);

    expect(await thread.transaction(async (tx) => (await tx.exec('insert into t (id, name) values (3, $$three$$)'), 'done'))).toBe('done');
    expect(await count()).toBe(before + 1);
  });

  it('makes statements outside a transaction wait for it to end', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await thread.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values ($1, $2)', [5, 'five']);
      outside = thread.query<{ name: string }>('select name from t where id = $1', [5]).then((r) => (order.push('outside'), r.rows));
      // Gives the outside statement every chance to run first, were it not waiting.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query('update t set name = $1 where id = $2', ['five, committed', 5]);
      order.push('transaction');
    });
    expect(await outside).toEqual([{ name: 'five, committed' }]);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('posts notifications back to each listener until it stops listening', async () => {
    const got: string[] = [];
    const unlisten = await thread.listen('events', (payload) => got.push(payload));
    await thread.query(`select pg_notify('events', $1)`, ['one']);
    await thread.exec(`notify events, 'two'`);
    await expect.poll(() => got).toEqual(['one', 'two']);
    await unlisten();
    await thread.exec(`notify events, 'three'`);
    await thread.query('select 1');
    expect(got).toEqual(['one', 'two']);
  });

  it('dumps its data directory, which loads into a new thread', async () => {
    const dump = await thread.dumpDataDir('none');
    const copy = await PgliteThread.create({ loadDataDir: new Uint8Array(await dump.arrayBuffer()) });
    try {
      expect((await copy.query<{ name: string }>('select name from t where id = 5')).rows).toEqual([{ name: 'five, committed' }]);
      // Extensions the app needs are loaded in the worker.
      await copy.exec('create extension if not exists pg_trgm');
      expect((await copy.query<{ s: number }>(`select similarity('abc', 'abd') > 0 as s`)).rows).toEqual([{ s: true }]);
    } finally {
      await copy.close();
    }
  });

  it('ends its thread on close, after which statements fail instead of waiting', async () => {
    const other = await PgliteThread.create();
    await other.query('select 1');
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('select 1')).rejects.toThrow('PGlite is closed');
    await other.close();
  });
});
