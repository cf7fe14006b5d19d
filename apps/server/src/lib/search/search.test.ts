// Issue 46: the ranked, forgiving, multilingual jobs search (decision 0072), through the API. Runs on
// PGlite, and on the PostgreSQL server with TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { sql, type SQL } from 'drizzle-orm';
import { editDistance, oneEditApart, queryWords, QUERY_MAX_WORDS } from './query';
import { type RankedLevel, runRanked } from './rank';
import { rowsOf } from '../keyset';
import { CARD } from '../job-list-query';
import { analyzeJobsQuery, rankedJobsSql } from './jobs';

let t: TestApp;
let employer: Client;
beforeAll(async () => {
  t = await createTestApp();
  employer = (await signUp(t.app, 'employer')).client;
});
afterAll(() => t.close());

const anon = () => new Client(t.app);
/** A made-up word no other job holds: each test's jobs are found apart from the others'. */
const tag = () =>
  `qz${randomBytes(4)
    .toString('hex')
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

async function search(query: string) {
  const res = await anon().get(`/api/jobs?sort=relevance&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: Array<{ id: string; title: string }>;
    nextCursor: string | null;
    sort?: string;
    total?: { count: number };
    didYouMean?: string;
    withoutFilter?: Array<{ filter: string; count: number }>;
  };
}
/** The ids of `ours` in the order the search gives them. */
const order = async (query: string, ours: Array<{ id: string }>) => {
  const ids = new Set(ours.map((j) => j.id));
  return (await search(query)).items.map((j) => j.id).filter((id) => ids.has(id));
};
const q = (text: string) => `title=${encodeURIComponent(text)}`;

describe('ranked jobs search', () => {
  it('ranks the title above the company above the description, whatever the age', async () => {
    const w = tag();
    const inTitle = await postJob(employer, { title: `${w} Supervisor` });
    const inCompany = await postJob(employer, { title: 'Store Clerk', company: `${w} Limited` });
    const inDescription = await postJob(employer, { title: 'Cashier', description: `Join the ${w} team at the till.` });
    expect(await order(q(w), [inTitle, inCompany, inDescription])).toEqual([inTitle.id, inCompany.id, inDescription.id]);
    const page = await search(q(w));
    expect(page.sort).toBe('relevance');
    expect(page.total?.count).toBe(3);
  });

  it('ranks all words above some, a phrase above scattered words, and the newest first among equals', async () => {
    const [a, b] = [tag(), tag()];
    const phrase = await postJob(employer, { title: `${a} ${b} Manager` });
    const scattered = await postJob(employer, { title: `${b} Sales ${a}` });
    const some = await postJob(employer, { title: `${a} Assistant` });
    const twin = await postJob(employer, { title: `${a} Assistant` });
    expect(await order(q(`${a} ${b}`), [phrase, scattered, some, twin])).toEqual([phrase.id, scattered.id, twin.id, some.id]);
  });

  it('without words, or with sort=newest, keeps the newest-first list and its keyset pages', async () => {
    const w = tag();
    const jobs = [];
    for (let i = 0; i < 3; i++) jobs.push(await postJob(employer, { title: `${w} Porter ${i}` }));
    const newest = await anon().get(`/api/jobs?sort=newest&${q(w)}&limit=2`);
    expect(newest.json().items.map((j: { id: string }) => j.id)).toEqual([jobs[2]!.id, jobs[1]!.id]);
    const plain = await anon().get(`/api/jobs?${q(w)}&limit=2`);
    expect(plain.json()).toEqual(newest.json());
    const next = await anon().get(`/api/jobs?sort=newest&${q(w)}&limit=2&cursor=${newest.json().nextCursor}`);
    expect(next.json().items.map((j: { id: string }) => j.id)).toEqual([jobs[0]!.id]);
    // A bare list asked for relevance is the newest-first list.
    const bare = await anon().get('/api/jobs?sort=relevance&limit=5');
    expect(bare.json().items).toEqual((await anon().get('/api/jobs?limit=5')).json().items);
  });

  it('pages through ranked results with its own cursor', async () => {
    const w = tag();
    const posted = [];
    for (let i = 0; i < 5; i++) posted.push(await postJob(employer, { title: `${w} Dispatcher ${i}` }));
    const first = await search(`${q(w)}&limit=2`);
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toBe('r2');
    const second = await search(`${q(w)}&limit=2&cursor=${first.nextCursor}`);
    const third = await search(`${q(w)}&limit=2&cursor=${second.nextCursor}`);
    const all = [...first.items, ...second.items, ...third.items].map((j) => j.id);
    expect(new Set(all)).toEqual(new Set(posted.map((j) => j.id)));
    expect(third.nextCursor).toBeNull();
    for (const bad of ['r99999', 'x2', 'r-1']) expect((await anon().get(`/api/jobs?sort=relevance&${q(w)}&cursor=${bad}`)).statusCode, bad).toBe(400);
  });

  it('forgives one typo in a word of five letters or more, below the exact spelling', async () => {
    const w = tag();
    const right = await postJob(employer, { title: 'Receptionist', company: `${w} Hotel` });
    const spelledSo = await postJob(employer, { title: 'Recepcionist', company: `${w} Inn` });
    expect(await order(q(`recepcionist ${w}`), [right, spelledSo])).toEqual([spelledSo.id, right.id]);
    const mechanic = await postJob(employer, { title: 'Diesel Mechanic', company: `${w} Motors` });
    expect(await order(q('mechnic'), [mechanic])).toEqual([mechanic.id]);
    const accountant = await postJob(employer, { title: 'Accountant', company: `${w} Audit` });
    expect(await order(q('acountant'), [accountant])).toEqual([accountant.id]);
    // Five different letters or more (issue 46): "nurce" is forgiven, "drivr" (d, r, i, v) is not.
    const nurse = await postJob(employer, { title: 'Nurse', company: `${w} Care` });
    expect(await order(q('nurce'), [nurse])).toEqual([nurse.id]);
    const driver = await postJob(employer, { title: 'Driver', company: `${w} Cabs` });
    expect(await order(q('drivr'), [driver])).toEqual([]);
  });

  it('matches plurals and inflections in English, Spanish, French and Dutch', async () => {
    const w = tag();
    const en = await postJob(employer, { title: 'Registered Nurse', company: `${w} Clinic` });
    const es = await postJob(employer, { title: 'Conductora de autobús', company: `${w} Transporte` });
    const fr = await postJob(employer, { title: 'Infirmière diplômée', company: `${w} Santé` });
    const nl = await postJob(employer, { title: 'Verpleegkundige', company: `${w} Zorg` });
    expect(await order(q('nurses'), [en])).toEqual([en.id]);
    expect(await order(q('conductoras'), [es])).toEqual([es.id]);
    expect(await order(q('infirmières'), [fr])).toContain(fr.id);
    expect(await order(q('verpleegkundigen'), [nl])).toContain(nl.id);
  });

  it('finds a job written in one language from a word of any other, just below same-language matches', async () => {
    const w = tag();
    const english = await postJob(employer, { title: 'Registered Nurse', company: `${w} Hospital` });
    const kreyol = await postJob(employer, { title: 'Enfimyè', company: `${w} Lopital` });
    expect(await order(q(`enfimyè ${w}`), [english, kreyol])).toEqual([kreyol.id, english.id]);
    for (const word of ['enfermera', 'infirmière', 'verpleegkundige', 'enfimye', 'ENFIMYÈ']) {
      expect(await order(q(word), [english]), word).toEqual([english.id]);
    }
    const driver = await postJob(employer, { title: 'Heavy Truck Driver', company: `${w} Haulage` });
    for (const word of ['kamionero', 'camionero', 'chofè kamyon', 'vrachtwagenchauffeur']) expect(await order(q(word), [driver]), word).toEqual([driver.id]);
  });

  it("searches the category's and the country's names in every language", async () => {
    const w = tag();
    const job = await postJob(employer, { title: `${w} Pharmacist`, category: 'Healthcare', country: 'Jamaica' });
    for (const words of ['salud', 'santé', 'gezondheidszorg', 'lasante', 'Jamayik', 'Jamaïque', 'Hamaika', 'healthcare jamaica']) {
      expect(await order(q(`${words} ${w}`), [job]), words).toEqual([job.id]);
      expect(await order(q(words), [job]), words).toEqual([job.id]);
    }
  });

  it('says what the person may have meant, and which filter hides how many jobs, when nothing is found', async () => {
    const w = tag();
    await postJob(employer, { title: 'Accountant', company: `${w} Partners`, country: 'Jamaica' });
    const nothing = await search(q('accuontantt'));
    expect(nothing.items).toEqual([]);
    expect(nothing.didYouMean).toBe('accountant');
    const filtered = await search(`${q(w)}&country=Barbados`);
    expect(filtered.items).toEqual([]);
    expect(filtered.withoutFilter).toEqual([{ filter: 'country', count: 1 }]);
    // Found something: neither is said.
    const found = await search(q(w));
    expect(found.didYouMean).toBeUndefined();
    expect(found.withoutFilter).toBeUndefined();
  });

  it('answers hostile queries with a 200 or a clear 400, never a 5xx', async () => {
    const w = tag();
    await postJob(employer, { title: `${w} Cook` });
    const hostile = [
      '<script>alert(1)</script>',
      "'; drop table jobs; --",
      "nurse' OR 1=1 --",
      '!!! ??? ...',
      '& | ! <-> :* ( )',
      '🧑‍⚕️ nurse 🏥',
      'a '.repeat(99),
      `${w} `.repeat(18),
      Array.from({ length: 45 }, (_, i) => `w${i}`).join(' '),
      '%_\\',
    ];
    for (const text of hostile) {
      const res = await anon().get(`/api/jobs?sort=relevance&${q(text)}`);
      expect(res.statusCode, text).toBe(200);
    }
    // A NUL is refused as bad input before the search (a clear 400).
    expect((await anon().get(`/api/jobs?sort=relevance&${q('\u0000nurse')}`)).statusCode).toBe(400);
    const long = await anon().get(`/api/jobs?sort=relevance&${q('x'.repeat(10_000))}`);
    expect(long.statusCode).toBe(400);
    // A lone surrogate, as raw bytes in the URL.
    const lone = await anon().get('/api/jobs?sort=relevance&title=%ED%A0%80nurse');
    expect(lone.statusCode).toBeLessThan(500);
    expect((await anon().get('/api/jobs?sort=fanciest')).statusCode).toBe(400);
  });
});

describe('titles holding every word, however many newer jobs hold some (decision 0072, "its own floor")', () => {
  // More newer jobs than the newest-any-word source reads (ANY_WINDOW, 100): the old job comes from
  // the titles holding every word (the title words' index, intersected) or the documents holding every word.
  const NEWER = 130;
  const run = <R>(query: SQL) => rowsOf<R>(t.database.db.execute(query));

  it('finds an old job whose title holds both words of a query, one of them typed as a plural, first', async () => {
    const [a, b] = [tag(), tag()];
    const old = await postJob(employer, { title: `${a} ${b} Coordinator`, description: 'Runs the yard.' });
    const newer = [];
    for (let i = 0; i < NEWER; i++)
      newer.push(await postJob(employer, { title: i % 2 ? `${a} Clerk ${i}` : `${b} Helper ${i}`, description: 'Runs the yard.' }));
    // "bs" is the plural of the title's word: the title words' index holds words as written, so it is also looked up as "b".
    for (const text of [`${a} ${b}`, `${a} ${b}s`]) {
      const page = await search(`${q(text)}&limit=5`);
      expect(page.items[0]?.id, text).toBe(old.id);
      // Without the documents holding every word (the page's statement when its time budget runs
      // out: level 1), the titles holding every word still bring it first.
      const analyzed = (await analyzeJobsQuery(text, run))!;
      const [top] = await run<{ card: unknown[] }>(rankedJobsSql(analyzed, { title: text, after: null, limit: 5 }, new Date(), 0, 1)!);
      expect(CARD.unpack(top!.card).id, text).toBe(old.id);
    }
    expect(newer).toHaveLength(NEWER);
  });

  it('finds an old job whose title holds all three words of a query first', async () => {
    const [a, b, c] = [tag(), tag(), tag()];
    const old = await postJob(employer, { title: `${a} ${b} ${c}`, description: 'Keeps the books.' });
    for (let i = 0; i < NEWER; i++) {
      const pair = [
        [a, b],
        [b, c],
        [a, c],
      ][i % 3]!;
      await postJob(employer, { title: `${pair.join(' ')} Officer ${i}`, description: 'Keeps the books.' });
    }
    const page = await search(`${q(`${a} ${b} ${c}`)}&limit=5`);
    expect(page.items[0]?.id).toBe(old.id);
    // The words in another order still find it first (every word, the phrase aside).
    expect((await search(`${q(`${c} ${a} ${b}`)}&limit=5`)).items[0]?.id).toBe(old.id);
  });

  it('ranks a job holding every word only in its description above a title holding one of them (every word beats some)', async () => {
    const [a, b] = [tag(), tag()];
    const oneWordTitle = await postJob(employer, { title: `${a} Supervisor`, description: 'Leads the shift.' });
    const description = await postJob(employer, { title: 'Stock Clerk', description: `Works with the ${a} team on ${b} orders.` });
    expect(await order(q(`${a} ${b}`), [oneWordTitle, description])).toEqual([description.id, oneWordTitle.id]);
  });
});

describe('oneEditApart', () => {
  it('agrees with editDistance within one edit', () => {
    const words = [
      'accountant',
      'acountant',
      'accuontant',
      'acocuntant',
      'accountnat',
      'accountants',
      'ccountant',
      'driver',
      'drivr',
      'dirver',
      'a',
      'ab',
      'ba',
      'nurse',
      'nurce',
      'enfimye',
      'enfimyè',
    ];
    for (const a of words) for (const b of words) expect(oneEditApart(a, b), `${a} ${b}`).toBe(editDistance(a, b, 1) <= 1);
  });
});

describe('queryWords', () => {
  it('folds, cuts to 20 words and 200 characters, and drops what is no word', () => {
    expect(queryWords('  Enfimyè, CHOFÈ!  ')).toEqual(['enfimye', 'chofe']);
    expect(queryWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))).toHaveLength(QUERY_MAX_WORDS);
    expect(queryWords('y'.repeat(500))[0]!.length).toBeLessThanOrEqual(40);
    expect(queryWords('!!! ... ???')).toEqual([]);
    expect(queryWords('\uD800nurse')).toEqual(['nurse']);
  });
});

describe('a ranked page within its time budget (decision 0072)', () => {
  const server = !!process.env.TEST_DATABASE_URL;
  const run = <R>(query: SQL) => rowsOf<R>(t.database.db.execute(query));
  /** A statement per level that sleeps `sleeps[level]` seconds, and the levels asked, in order. */
  const levels = (sleeps: number[]) => {
    const asked: RankedLevel[] = [];
    const build = (level: RankedLevel) => {
      asked.push(level);
      return sql`select ${level}::int as level, current_setting('statement_timeout') as timeout from pg_sleep(${sleeps[level]!})`;
    };
    return { asked, build };
  };

  it('is asked again with every read bounded, without a budget, when the server cancels it for time; other errors still fail', async () => {
    const db = t.database.db;
    // PGlite ignores statement_timeout: there level 0 runs to its end, and is the only one asked.
    for (const [sleeps, answered] of [
      [[0, 0], 0],
      [[0.3, 0.3], 1],
    ] as const) {
      const { asked, build } = levels([...sleeps]);
      const [row] = await runRanked<{ level: number; timeout: string }>(db, build, 50);
      expect(row?.level, `${sleeps}`).toBe(server ? answered : 0);
      expect(asked, `${sleeps}`).toEqual(server ? [0, 1].slice(0, answered + 1) : [0]);
      // The budget is level 0's connection's own; level 1, like the app's other statements, has none.
      if (server) expect(row?.timeout).toBe(answered === 0 ? '50ms' : '0');
    }
    // The default budget (200 ms, the timed pool's own statement_timeout).
    const { asked, build } = levels([0.3, 0]);
    const [row] = await runRanked<{ level: number; timeout: string }>(db, build);
    expect(row?.level).toBe(server ? 1 : 0);
    expect(asked).toEqual(server ? [0, 1] : [0]);
    const [fast] = await runRanked<{ timeout: string }>(db, levels([0, 0]).build);
    if (server) expect(fast!.timeout).toBe('200ms');
    const [plain] = await rowsOf<{ timeout: string }>(db.execute(sql`select current_setting('statement_timeout') as timeout`));
    if (server) expect(plain!.timeout).toBe('0');
    // Other errors fail at once.
    await expect(runRanked(db, () => sql`select 1 / 0 as n`)).rejects.toThrow();
  });

  it('finds the same jobs at each level when they are few', async () => {
    const a = tag();
    const title = await postJob(employer, { title: `${a} Welder`, description: 'Joins steel.' });
    const described = await postJob(employer, { title: 'Yard Hand', description: `Helps the ${a} crew.` });
    const analyzed = (await analyzeJobsQuery(`${a} welder`, run))!;
    const ids = async (level: RankedLevel) =>
      (await run<{ card: unknown[] }>(rankedJobsSql(analyzed, { title: `${a} welder`, after: null, limit: 50 }, new Date(), 0, level)!))
        .map((r) => CARD.unpack(r.card).id)
        .filter((id) => id === title.id || id === described.id);
    expect(await ids(0)).toEqual([title.id, described.id]);
    expect(await ids(1)).toEqual([title.id, described.id]);
  });
});
