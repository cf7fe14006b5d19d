import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { rowsOf } from '../lib/keyset';
import { random } from './seed/ids';
import { MIGRATIONS_DIR } from './client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { startWorkers: false });
});
afterAll(() => t.close());

/** search_fold's body as migration 0014 wrote it, around the place its argument goes. */
async function firstDefinition() {
  const migration = await readFile(path.join(MIGRATIONS_DIR, '0014_job_expiry_fields_search_fold.sql'), 'utf8');
  const body = /CREATE FUNCTION search_fold\(t text\)[\s\S]*?\$\$\s*SELECT ([\s\S]*?)\s*\$\$;/.exec(migration)![1]!;
  const [before, after] = body.split('translate(t,');
  return { before: `${before}translate(`, after: `,${after}` };
}

describe('search_fold after migration 0025', () => {
  it('folds every text as the first definition did', async () => {
    const { before, after } = await firstDefinition();
    const list = /^,\s*'([^']*)'/.exec(after)![1]!;
    // Every character either definition names, each alone and in company, and texts mixing them at random.
    const characters = [
      ...new Set([
        ...list,
        ...'etaoinsrhldcumfpgwybvkxjqz 0123456789',
        '\t',
        '\n',
        '\r',
        '\u00a0',
        '–',
        '—',
        '«',
        '»',
        '“',
        '”',
        "'",
        '’',
        '‘',
        '`',
        'ß',
        'Ø',
        'ø',
        'Ελ',
        '中',
      ]),
    ];
    expect(characters.length).toBeGreaterThan(150);
    const r = random(25);
    const texts = [
      ...characters,
      ...characters.map((c) => `A${c}b ${c}${c} z`),
      characters.join(''),
      ...Array.from({ length: 200 }, () => Array.from({ length: 1 + Math.floor(r.next() * 60) }, () => r.pick(characters)).join('')),
      'Toyota Corolla – US$12,500 (Port-au-Prince)\n\nLike new. Call or WhatsApp. Ref #1042.',
    ];
    const rows = await rowsOf<{ text: string; first: string; now: string }>(
      t.database.db.execute(sql`select x as text, ${sql.raw(before)}x${sql.raw(after)} as first, search_fold(x) as now
        from unnest(${sql.param(texts)}::text[]) as x`),
    );
    expect(rows).toHaveLength(texts.length);
    for (const row of rows) expect(row.now, JSON.stringify(row.text)).toBe(row.first);
    // Not a comparison of a function with itself: the definition in force is 0025's.
    const [current] = await rowsOf<{ definition: string }>(t.database.db.execute(sql`select prosrc as definition from pg_proc where proname = 'search_fold'`));
    expect(current!.definition).toContain("'etaoinsrhldcumfpgwybvkxjqz 0123456789ABC");
  });
});
