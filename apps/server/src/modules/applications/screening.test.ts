import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Applicant, ScreeningQuestion } from '@caribconnect/shared';
import { createTestApp, type TestApp } from '../../../test/app';
import { signUpTeam, type Person } from '../../../test/team';
import { Client, multipart, signUp } from '../../../test/http';
import { postJob, postJobRequest, validJob } from '../../../test/jobs';
import { rowsOf } from '../../lib/keyset';

/** Screening questions, knockouts and the workspace's filters (issue 45, decision 0075). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const applyWith = (client: Client, jobId: string, answers: Record<string, string>, coverLetter = 'Hello') =>
  client.request({
    method: 'POST',
    url: `/api/jobs/${jobId}/applications`,
    ...multipart([{ name: 'coverLetter', data: coverLetter }, ...Object.entries(answers).map(([name, data]) => ({ name, data }))]),
  });
const list = async (client: Client, jobId: string, query = '') => {
  const res = await client.get(`/api/jobs/${jobId}/applications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Applicant[]; nextCursor: string | null };
};

const QUESTIONS = [
  { kind: 'yesno', text: 'Do you hold a valid work permit?', required: true, knockout: true, accept: ['yes'] },
  { kind: 'choice', text: 'Which shift?', required: true, options: ['Morning', 'Night', 'Either'], knockout: true, accept: ['Night', 'Either'] },
  { kind: 'number', text: 'Years of experience', required: false },
  { kind: 'text', text: '<b>Why</b> us?', required: false },
];

let owner: Person;
let recruiter: Person;
let viewer: Person;
let outsider: Person;
let pass: Person;
let fail: Person;
let third: Person;
let jobId: string;
let qs: ScreeningQuestion[];
const a = (i: number) => `answer.${qs[i]!.id}`;

beforeAll(async () => {
  ({ owner, recruiter, viewer, outsider } = await signUpTeam(t));
  [pass, fail, third] = await Promise.all([
    signUp(t.app, 'jobseeker', { fullName: 'Paula Pass' }),
    signUp(t.app, 'jobseeker', { fullName: 'Fred Fail' }),
    signUp(t.app, 'jobseeker', { fullName: 'Tina Third' }),
  ]);
  const job = await postJob(owner, { title: 'Night Auditor', questions: QUESTIONS });
  jobId = job.id;
  qs = job.questions as ScreeningQuestion[];
});

describe('questions on a job', () => {
  it('are stored with ids; the team reads the knockouts, the public does not', async () => {
    expect(qs).toHaveLength(4);
    expect(qs[0]).toMatchObject({ kind: 'yesno', required: true, knockout: true, accept: ['yes'] });
    // Markup in a question is stored as text.
    expect(qs[3]!.text).toBe('<b>Why</b> us?');
    const team = (await recruiter.client.get(`/api/jobs/${jobId}`)).json();
    expect(team.questions[1]).toMatchObject({ accept: ['Night', 'Either'], knockout: true });
    for (const client of [new Client(t.app), pass.client]) {
      const seen = (await client.get(`/api/jobs/${jobId}`)).json();
      expect(seen.questions).toHaveLength(4);
      expect(JSON.stringify(seen.questions)).not.toMatch(/knockout|accept/);
    }
    // Lists never carry them.
    const listed = (await new Client(t.app).get('/api/jobs?title=Night%20Auditor')).json();
    expect(JSON.stringify(listed)).not.toMatch(/questions/);
  });

  it('refuses 11 questions, a forged id, a bad knockout, a choice without options', async () => {
    const many = Array.from({ length: 11 }, (_, i) => ({ kind: 'text', text: `Q${i}` }));
    for (const questions of [
      many,
      [{ id: 'forged-id', kind: 'text', text: 'Q' }],
      [{ kind: 'number', text: 'Q', knockout: true, accept: ['1'] }],
      [{ kind: 'yesno', text: 'Q', knockout: true, accept: ['yes', 'no'] }],
      [{ kind: 'choice', text: 'Q', options: ['Only'] }],
      [{ kind: 'text', text: 'x'.repeat(301) }],
      [{ kind: 'essay', text: 'Q' }],
    ]) {
      const res = await postJobRequest(owner, validJob({ questions }));
      expect(res.statusCode, JSON.stringify(questions).slice(0, 80)).toBe(400);
    }
    const forged = await postJobRequest(owner, validJob({ questions: [{ id: 'forged-id', kind: 'text', text: 'Q' }] }));
    expect(forged.json().code).toBe('UNKNOWN_QUESTION');
  });

  it('on Edit: another job’s question id is refused; a viewer or another company cannot edit', async () => {
    const other = await postJob(outsider, { questions: [{ kind: 'text', text: 'Other' }] });
    const foreignId = (other.questions as ScreeningQuestion[])[0]!.id;
    const res = await recruiter.client.patch(`/api/jobs/${jobId}`, { questions: [...qs, { id: foreignId, kind: 'text', text: 'Stolen' }].slice(-10) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UNKNOWN_QUESTION');
    // A viewer's edit is refused as the route refuses any of theirs (the job is not theirs to change).
    expect([403, 404]).toContain((await viewer.client.patch(`/api/jobs/${jobId}`, { questions: [] })).statusCode);
    expect((await outsider.client.patch(`/api/jobs/${jobId}`, { questions: [] })).statusCode).toBe(404);
  });
});

describe('answers on Apply', () => {
  it('refuses a missing required answer, a wrong type, an unknown option, a forged question, 501 characters: 400 naming the question', async () => {
    const base = () => ({ [a(0)]: 'yes', [a(1)]: 'Night' });
    const cases: Array<[Record<string, string>, string, number]> = [
      [{ [a(1)]: 'Night' }, 'ANSWER_REQUIRED', 0],
      [{ ...base(), [a(0)]: 'maybe' }, 'ANSWER_UNKNOWN_OPTION', 0],
      [{ ...base(), [a(1)]: 'Evening' }, 'ANSWER_UNKNOWN_OPTION', 1],
      [{ ...base(), [a(2)]: 'ten' }, 'ANSWER_INVALID', 2],
      [{ ...base(), [a(3)]: 'x'.repeat(501) }, 'ANSWER_INVALID', 3],
    ];
    for (const [answers, code, i] of cases) {
      const res = await applyWith(third.client, jobId, answers);
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toMatchObject({ code, field: a(i) });
      expect(res.json().message).toContain(`“${qs[i]!.text}”`);
    }
    const forged = await applyWith(third.client, jobId, { ...base(), 'answer.0000-forged': 'yes' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('UNKNOWN_QUESTION');
    const [{ n }] = await rowsOf<{ n: number }>(t.database.db.execute(sql`select count(*)::int as n from applications where job_id = ${jobId}`));
    expect(n).toBe(0);
  });

  it('files a knockout miss, flagged for the team only; the applicant never reads the flag', async () => {
    expect(
      (await applyWith(pass.client, jobId, { [a(0)]: 'yes', [a(1)]: 'Either', [a(2)]: '4', [a(3)]: 'I know <i>nights</i>.' }, 'Audit pro')).statusCode,
    ).toBe(201);
    const failed = await applyWith(fail.client, jobId, { [a(0)]: 'no', [a(1)]: 'Morning', [a(3)]: 'x'.repeat(500) });
    expect(failed.statusCode).toBe(201);

    const items = (await list(viewer.client, jobId)).items;
    const byName = Object.fromEntries(items.map((i) => [i.applicantName, i]));
    expect(byName['Paula Pass']!.meetsRequirements).toBe(true);
    expect(byName['Fred Fail']!.meetsRequirements).toBe(false);
    expect(byName['Paula Pass']!.answers.map((x) => [x.value, x.meets, x.current])).toEqual([
      ['yes', true, true],
      ['Either', true, true],
      ['4', null, true],
      ['I know <i>nights</i>.', null, true],
    ]);
    expect(byName['Fred Fail']!.answers[0]).toMatchObject({ question: 'Do you hold a valid work permit?', value: 'no', meets: false });

    // Every answer the applicant can reach: no flag, no answers' verdicts.
    for (const url of ['/api/applications/mine', `/api/jobs/${jobId}`, `/api/applications/${failed.json().id}`, `/api/jobs/${jobId}/applications`]) {
      const res = await fail.client.get(url);
      expect(res.body, url).not.toMatch(/meetsRequirements|"meets"|Does not meet/);
    }
    expect((await fail.client.get(`/api/applications/${failed.json().id}`)).statusCode).toBe(404);
    expect((await fail.client.get(`/api/jobs/${jobId}/applications`)).statusCode).toBe(404);
  });

  it('another company’s recruiter gets 404, anonymous 401', async () => {
    expect((await outsider.client.get(`/api/jobs/${jobId}/applications?knockout=fails`)).statusCode).toBe(404);
    expect((await new Client(t.app).get(`/api/jobs/${jobId}/applications`)).statusCode).toBe(401);
    const id = (await list(owner.client, jobId)).items[0]!.id;
    expect((await outsider.client.get(`/api/applications/${id}`)).statusCode).toBe(404);
  });

  it('editing the questions keeps the answers given to the old ones, shown as no longer current', async () => {
    const kept = [{ ...qs[0]!, text: 'Do you hold a Jamaican work permit?' }, qs[1]!, { kind: 'text' as const, text: 'Anything else?' }];
    const res = await owner.client.patch(`/api/jobs/${jobId}`, { questions: kept });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().questions as ScreeningQuestion[];
    expect(fresh[0]!.id).toBe(qs[0]!.id);
    const paula = (await list(owner.client, jobId)).items.find((i) => i.applicantName === 'Paula Pass')!;
    expect(paula.answers.map((x) => [x.question, x.current])).toEqual([
      ['Do you hold a valid work permit?', false],
      ['Which shift?', true],
      ['Years of experience', false],
      ['<b>Why</b> us?', false],
    ]);
    // A removed question's id is gone for good: sending it again is refused (a new question gets a new id).
    expect((await owner.client.patch(`/api/jobs/${jobId}`, { questions: qs })).json().code).toBe('UNKNOWN_QUESTION');
    expect((await owner.client.patch(`/api/jobs/${jobId}`, { questions: [qs[0], qs[1]] })).statusCode).toBe(200);
    const after = (await owner.client.get(`/api/jobs/${jobId}`)).json().questions;
    expect(after).toHaveLength(2);
  });
});

describe('the workspace’s filters and sorts', () => {
  it('filters by knockout, answer, rating, resume and text; sorts by rating and best match', async () => {
    const names = (page: { items: Applicant[] }) => page.items.map((i) => i.applicantName);
    expect(names(await list(viewer.client, jobId, '?knockout=fails'))).toEqual(['Fred Fail']);
    expect(names(await list(viewer.client, jobId, '?knockout=meets'))).toEqual(['Paula Pass']);
    expect(names(await list(viewer.client, jobId, `?answer=${encodeURIComponent(`${qs[1]!.id}:Morning`)}`))).toEqual(['Fred Fail']);
    expect(names(await list(viewer.client, jobId, '?q=AUDIT'))).toEqual(['Paula Pass']);
    expect(names(await list(viewer.client, jobId, '?q=fred'))).toEqual(['Fred Fail']);
    expect(names(await list(viewer.client, jobId, '?q=100%25'))).toEqual([]);
    expect(names(await list(viewer.client, jobId, '?resume=1'))).toEqual([]);
    expect(names(await list(viewer.client, jobId, '?rating=unrated')).sort()).toEqual(['Fred Fail', 'Paula Pass']);

    const fred = (await list(owner.client, jobId, '?knockout=fails')).items[0]!.id;
    const paula = (await list(owner.client, jobId, '?knockout=meets')).items[0]!.id;
    expect((await viewer.client.put(`/api/applications/${fred}/rating`, { rating: 5 })).statusCode).toBe(200);
    expect((await viewer.client.put(`/api/applications/${paula}/rating`, { rating: 3 })).statusCode).toBe(200);
    expect(names(await list(viewer.client, jobId, '?rating=4'))).toEqual(['Fred Fail']);
    expect(names(await list(viewer.client, jobId, '?sort=rating'))).toEqual(['Fred Fail', 'Paula Pass']);
    // Best match: requirements met first, then rating.
    expect(names(await list(viewer.client, jobId, '?sort=match'))).toEqual(['Paula Pass', 'Fred Fail']);
    const first = await list(viewer.client, jobId, '?sort=match&limit=1');
    expect(first.nextCursor).toBe('o1');
    expect(names(await list(viewer.client, jobId, `?sort=match&limit=1&cursor=${first.nextCursor}`))).toEqual(['Fred Fail']);
    // Empty fields of the GET form mean "any".
    expect(names(await list(viewer.client, jobId, '?stage=&rating=&knockout=&resume=&answer=&q=&sort=')).length).toBe(2);
  });

  it('refuses unknown filter values and a forged cursor', async () => {
    for (const q of ['?rating=6', '?knockout=maybe', '?sort=random', '?answer=nocolon', '?sort=rating&cursor=abc'])
      expect((await viewer.client.get(`/api/jobs/${jobId}/applications${q}`)).statusCode, q).toBe(400);
  });
});
