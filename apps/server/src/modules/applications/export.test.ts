import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { applyTo, signUpTeam, type Person } from '../../../test/team';
import { Client, multipart, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';
import { setRole } from '../../../test/consultants';
import { rowsOf } from '../../lib/keyset';
import { APPLICANT_CSV_COLUMNS, candidatePack, deleteExpiredDocuments } from './export';
import { extractText, getDocumentProxy } from 'unpdf';

const pdfText = async (data: Buffer) => (await extractText(await getDocumentProxy(new Uint8Array(data)), { mergePages: true })).text;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNKNOWN = '4b7c0f7e-0b7e-4a4e-9a53-3d8f1c2b9a10';

/** Every application here sends both documents (the retention's subject). */
const apply = (client: Client, jobId: string, coverLetter = 'Hello') => applyTo(client, jobId, { coverLetter, files: true });
const keysOf = async (id: string) => {
  const [r] = await rowsOf<{ resumeKey: string | null; coverLetterKey: string | null; deletedAt: unknown }>(
    t.database.db.execute(
      sql`select resume_key as "resumeKey", cover_letter_key as "coverLetterKey", documents_deleted_at as "deletedAt" from applications where id = ${id}`,
    ),
  );
  return r!;
};

let owner: Person;
let recruiter: Person;
let viewer: Person;
let outsider: Person;
let ana: Person;
let ben: Person;
let jobId: string;
let otherJobId: string;
let a1: string;
let a2: string;
let foreign: string;
beforeAll(async () => {
  ({ owner, recruiter, viewer, outsider } = await signUpTeam(t));
  [ana, ben] = await Promise.all([
    signUp(t.app, 'jobseeker', { fullName: '=HYPERLINK("http://evil")' }),
    signUp(t.app, 'jobseeker', { fullName: 'Ben Brown, Jr.' }),
  ]);
  jobId = (await postJob(owner, 'Front Desk Agent')).id;
  otherJobId = (await postJob(outsider, 'Chef')).id;
  a1 = await apply(ana.client, jobId, 'My secret cover letter');
  a2 = await apply(ben.client, jobId);
  foreign = await apply(ben.client, otherJobId);
  expect((await recruiter.client.request({ method: 'PUT', url: `/api/applications/${a1}/rating`, payload: { rating: 4 } })).statusCode).toBe(200);
  expect((await viewer.client.request({ method: 'PUT', url: `/api/applications/${a1}/rating`, payload: { rating: 5 } })).statusCode).toBe(200);
  expect((await owner.client.post(`/api/applications/${a1}/notes`, { body: 'Private: strong on languages' })).statusCode).toBe(201);
  expect((await owner.client.post(`/api/applications/${a2}/stage`, { stage: 'Not selected' })).statusCode).toBe(200);
});

describe('CSV export', () => {
  it('gives every team member the job’s applicants, newest first, spreadsheet-safe, with note counts but never note text', async () => {
    for (const p of [owner, recruiter, viewer]) {
      const res = await p.client.get(`/api/jobs/${jobId}/applications.csv`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="applicants-front-desk-agent-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(APPLICANT_CSV_COLUMNS.map((c) => c.header).join(','));
      expect(lines[0]).toBe('Name,Email,Applied at,Stage,Status,Rating average,Ratings,Notes,Meets requirements,Screening answers');
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(new RegExp(`^"Ben Brown, Jr\\.",${ben.email},\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,Not selected,Rejected,,0,0,,$`));
      // The formula is defused with an apostrophe and quoted; the note is counted, its text absent.
      expect(lines[2]).toMatch(new RegExp(`^"'=HYPERLINK\\(""http://evil""\\)",${ana.email},[^,]+,Applied,Pending,4\\.5,2,1,,$`));
      expect(res.body).not.toContain('Private');
      expect(res.body).not.toContain('secret cover letter');
    }
  });

  it('defuses a formula hidden behind blanks or control characters in a stored name (decision 0076)', async () => {
    const job = (await postJob(owner, 'Hidden Formulas')).id;
    // (PostgreSQL stores no NUL: the unit tests of csvCell hold that case.)
    const names = [' =1+1', '\t=cmd|calc', '\u0007@SUM(A1)', '\u00a0-2+3', '+1 876 555 0100'];
    for (const name of names) {
      const seeker = await signUp(t.app, 'jobseeker');
      await apply(seeker.client, job);
      // Stored as it came (an older account, another path in): the export is the last line of defence.
      await t.database.db.execute(sql`update profiles set full_name = ${name} where id = ${seeker.user.id}`);
    }
    const res = await owner.client.get(`/api/jobs/${job}/applications.csv`);
    expect(res.statusCode).toBe(200);
    const firstCells = res.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.slice(0, line.indexOf(',', line.startsWith('"') ? line.indexOf('"', 1) : 0)));
    expect(firstCells.sort()).toEqual(["'\t=cmd|calc", "'\u0007@SUM(A1)", "'\u00a0-2+3", "'+1 876 555 0100", "' =1+1"].sort());
  });

  it('pages through a large job in order', async () => {
    const job = (await postJob(owner, 'Bulk')).id;
    await t.database.db.execute(sql`insert into applications (job_id, user_id, created_at)
      select ${job}, u.id, now() - make_interval(secs => n) from (select id, row_number() over (order by id) as n from users) u`);
    const [{ n }] = (await rowsOf<{ n: number }>(t.database.db.execute(sql`select count(*)::int as n from applications where job_id = ${job}`))) as [
      { n: number },
    ];
    const res = await owner.client.get(`/api/jobs/${job}/applications.csv`);
    expect(res.body.trimEnd().split('\r\n')).toHaveLength(n + 1);
  });

  it('is "not found" for another company, the applicant, forged ids; signed-out callers are refused', async () => {
    for (const [client, id, code] of [
      [outsider.client, jobId, 404],
      [ana.client, jobId, 404],
      [owner.client, otherJobId, 404],
      [owner.client, UNKNOWN, 404],
      [owner.client, 'not-a-uuid', 404],
      [new Client(t.app), jobId, 401],
    ] as const) {
      const res = await client.get(`/api/jobs/${id}/applications.csv`);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(code);
      expect(res.body).not.toContain(ana.email);
    }
  });
});

describe('screening answers in the export', () => {
  it('the CSV and the pack carry each answer with its question, and the knockout flag', async () => {
    const job = await postJob(owner, {
      title: 'Night Porter',
      questions: [
        { kind: 'yesno', text: 'Do you hold a work permit?', required: true, knockout: true, accept: ['yes'] },
        { kind: 'number', text: 'Years of experience?', required: true },
      ],
    });
    const [permit, years] = job.questions as Array<{ id: string }>;
    const res = await ana.client.request({
      method: 'POST',
      url: `/api/jobs/${job.id}/applications`,
      ...multipart([
        { name: 'coverLetter', data: 'Hi' },
        { name: `answer.${permit!.id}`, data: 'no' },
        { name: `answer.${years!.id}`, data: '3' },
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const csv = await owner.client.get(`/api/jobs/${job.id}/applications.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trimEnd().split('\r\n')[1]).toMatch(/,No,Do you hold a work permit\?: no; Years of experience\?: 3$/);
    const pack = JSON.stringify((await candidatePack(t.database.db, { id: viewer.user.id }, res.json().id, false)).sections);
    expect(pack).toContain('Does not meet a requirement');
    expect(pack).toContain('Years of experience?');
    expect(pack).toContain('no (does not meet the requirement)');
  });
});

describe('candidate pack', () => {
  it('is a PDF for every team member; the team’s notes and ratings only when asked for', async () => {
    for (const p of [owner, recruiter, viewer]) {
      const res = await p.client.get(`/api/applications/${a1}/pack.pdf`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="candidate-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.pdf"$/);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await owner.client.get(`/api/applications/${a1}/pack.pdf?notes=1`)).statusCode).toBe(200);
    expect((await owner.client.get(`/api/applications/${a1}/pack.pdf?notes=maybe`)).statusCode).toBe(400);
    const text = (s: Awaited<ReturnType<typeof candidatePack>>) => JSON.stringify(s.sections);
    const without = await candidatePack(t.database.db, { id: viewer.user.id }, a1, false);
    expect(text(without)).toContain('My secret cover letter');
    expect(text(without)).toContain(ana.email);
    expect(text(without)).not.toContain('Private: strong on languages');
    expect(text(without)).not.toContain('4.5');
    const withNotes = await candidatePack(t.database.db, { id: viewer.user.id }, a1, true);
    expect(text(withNotes)).toContain('Private: strong on languages');
    expect(text(withNotes)).toContain('4.5 / 5');
  });

  it('is written in the requester’s language (decision 0076): headings, labels and stage names; what people wrote stays', async () => {
    const lucia = await signUp(t.app, 'employer', { fullName: 'Lucía Vista', language: 'es' });
    const [company] = await rowsOf<{ id: string }>(t.database.db.execute(sql`select company_id as id from company_members where user_id = ${owner.user.id}`));
    await t.database.db.execute(sql`update company_members set company_id = ${company!.id}, role = 'viewer' where user_id = ${lucia.user.id}`);
    const res = await lucia.client.get(`/api/applications/${a2}/pack.pdf?notes=1`);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    for (const s of [
      'Expediente del candidato',
      'PERFIL',
      'CARTA DE PRESENTACIÓN',
      'DOCUMENTOS ENVIADOS',
      'Etapa:',
      'No seleccionado',
      'Rechazada',
      'VALORACIONES DEL EQUIPO',
    ])
      expect(text, s).toContain(s);
    expect(text).toContain('Ben Brown, Jr.');
    expect(text).not.toContain('Cover letter');
    // The same pack for an English-speaking teammate is in English.
    const english = await pdfText((await owner.client.get(`/api/applications/${a2}/pack.pdf`)).rawPayload);
    expect(english).toContain('COVER LETTER');
    expect(english).toContain('Not selected');
  });

  it('is "not found" for another company, the applicant, forged ids; signed-out callers are refused', async () => {
    for (const [client, id, code] of [
      [outsider.client, a1, 404],
      [ana.client, a1, 404],
      [owner.client, foreign, 404],
      [owner.client, UNKNOWN, 404],
      [owner.client, 'not-a-uuid', 404],
      [new Client(t.app), a1, 401],
    ] as const) {
      const res = await client.get(`/api/applications/${id}/pack.pdf?notes=1`);
      expect(res.statusCode, `${id}: ${res.body}`).toBe(code);
    }
  });
});

describe('who else is refused, and what a hostile title does to the file name', () => {
  it('a removed member and an admin find nothing; a banned member is refused; the name stays a safe ASCII slug', async () => {
    const team = await signUpTeam(t);
    const job = await postJob(team.owner, { title: 'Chef "de partie"\r\nSet-Cookie: x=1; filename=evil.exe  Café ☕' });
    const seeker = await signUp(t.app, 'jobseeker', { fullName: '../../Ünïcode "Ann"; x' });
    const id = await apply(seeker.client, job.id);
    const boss = await signUp(t.app, 'employer');
    await setRole(t.database, boss.user.id, 'admin');
    expect((await team.owner.client.request({ method: 'DELETE', url: `/api/companies/mine/members/${team.recruiter.user.id}` })).statusCode).toBe(204);
    await setRole(t.database, team.viewer.user.id, 'banned');
    for (const url of [`/api/jobs/${job.id}/applications.csv`, `/api/applications/${id}/pack.pdf?notes=1`]) {
      for (const [who, client, code] of [
        ['removed recruiter', team.recruiter.client, 404],
        ['admin', boss.client, 404],
        ['banned viewer', team.viewer.client, 403],
      ] as const) {
        const res = await client.get(url);
        expect(res.statusCode, `${who} ${url}: ${res.body}`).toBe(code);
        expect(res.body).not.toContain(seeker.email);
      }
    }
    const csv = await team.owner.client.get(`/api/jobs/${job.id}/applications.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="applicants-chef-de-partie-set-cookie-x-1-filename-evil-exe-cafe-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(csv.headers['set-cookie']).toBeUndefined();
    const pack = await team.owner.client.get(`/api/applications/${id}/pack.pdf`);
    expect(pack.statusCode).toBe(200);
    expect(pack.headers['content-disposition']).toMatch(/^attachment; filename="candidate-unicode-ann-x-\d{4}-\d{2}-\d{2}\.pdf"$/);
  });
});

describe('retention', () => {
  it('deletes the documents of applications closed longer than the period, once, and leaves the rest', async () => {
    const oldWithdrawn = await apply(ana.client, otherJobId);
    expect((await ana.client.post(`/api/applications/${oldWithdrawn}/withdraw`, {})).statusCode).toBe(200);
    const fresh = a1; // Applied
    const recentRejected = a2; // Not selected just now
    // The clock moves: a2's twin on another job was rejected 200 days ago, the withdrawal 181 days ago.
    const oldRejected = foreign;
    expect((await outsider.client.post(`/api/applications/${oldRejected}/stage`, { stage: 'Not selected' })).statusCode).toBe(200);
    await t.database.db.execute(sql`update applications set updated_at = now() - interval '200 days' where id = ${oldRejected}`);
    await t.database.db.execute(sql`update applications set updated_at = now() - interval '181 days' where id = ${oldWithdrawn}`);
    // An application still in play keeps its documents however old it is.
    await t.database.db.execute(
      sql`update applications set updated_at = now() - interval '400 days', created_at = now() - interval '400 days' where id = ${fresh}`,
    );

    const before = await Promise.all([oldRejected, oldWithdrawn, fresh, recentRejected].map(keysOf));
    for (const k of before) expect(k.resumeKey && k.coverLetterKey).toBeTruthy();
    for (const k of before) expect(await t.app.storage.stat(k.resumeKey!)).not.toBeNull();

    expect(await deleteExpiredDocuments(t.app)).toEqual({ applications: 2, files: 4 });
    for (const [i, id] of [oldRejected, oldWithdrawn].entries()) {
      const k = await keysOf(id);
      expect(k).toMatchObject({ resumeKey: null, coverLetterKey: null });
      expect(k.deletedAt).not.toBeNull();
      expect(await t.app.storage.stat(before[i]!.resumeKey!)).toBeNull();
      expect(await t.app.storage.stat(before[i]!.coverLetterKey!)).toBeNull();
      expect((await ben.client.get(`/api/applications/${id}/files/resume`)).statusCode).toBe(404);
    }
    for (const [i, id] of [fresh, recentRejected].entries()) {
      expect(await keysOf(id)).toMatchObject({ resumeKey: before[i + 2]!.resumeKey, coverLetterKey: before[i + 2]!.coverLetterKey, deletedAt: null });
      expect(await t.app.storage.stat(before[i + 2]!.resumeKey!)).not.toBeNull();
    }
    // Idempotent: a second run finds nothing; a shorter period set by the operator reaches the recent one.
    expect(await deleteExpiredDocuments(t.app)).toEqual({ applications: 0, files: 0 });
    await t.database.db.execute(sql`update applications set updated_at = now() - interval '2 days' where id = ${recentRejected}`);
    expect(await deleteExpiredDocuments(t.app, 1)).toEqual({ applications: 1, files: 2 });
    expect((await keysOf(fresh)).resumeKey).toBe(before[2]!.resumeKey);
    // The team's pack says so.
    const pack = await candidatePack(t.database.db, { id: owner.user.id }, recentRejected, false);
    expect(JSON.stringify(pack.sections)).toContain('at the end of the retention period');
  });

  it('runs as the queue job, and the period is public configuration (default 180 days)', async () => {
    expect(t.app.config.applicationRetentionDays).toBe(180);
    expect((await new Client(t.app).get('/api/config')).json().applicationRetentionDays).toBe(180);
    await t.app.queue.send(t.database.db, 'application-documents-retention', {});
    await t.app.queue.drained();
    const [failed] = await rowsOf<{ n: number }>(
      t.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'application-documents-retention' and state = 'failed'`),
    );
    expect(failed!.n).toBe(0);
  });
});
