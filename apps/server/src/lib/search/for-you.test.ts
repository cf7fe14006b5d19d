// Issue 46: "Jobs for you" (decision 0072). PGlite, and the PostgreSQL server with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, multipart, signUp } from '../../../test/http';
import { postJob } from '../../../test/jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const saveResume = (client: Client, body: Record<string, unknown>) =>
  client.request({ method: 'PUT', url: '/api/resumes/me', ...multipart([{ name: 'resume', data: JSON.stringify(body) }]) });

describe('jobs for you', () => {
  it('ranks open jobs by the resume’s skills and roles (any language), country and language, and says why', { timeout: 120_000 }, async () => {
    const employer = await signUp(t.app, 'employer');
    const nurse = await postJob(employer.client, {
      title: 'Registered Nurse',
      country: 'Jamaica',
      category: 'Healthcare',
      description: 'Ward rounds and phlebotomy. Spanish is an asset.',
    });
    const lab = await postJob(employer.client, {
      title: 'Lab Assistant',
      country: 'Barbados',
      category: 'Healthcare',
      description: 'Phlebotomy every morning.',
    });
    const carpenter = await postJob(employer.client, { title: 'Carpenter', country: 'Jamaica', category: 'Construction', description: 'Roofs and doors.' });
    const seeker = await signUp(t.app, 'jobseeker', { fullName: 'Marisol Peña', language: 'es' });
    expect((await seeker.client.patch('/api/profiles/me', { country: 'Jamaica' })).statusCode).toBe(200);

    // No resume yet: an invitation to make one, and the newest jobs with what the profile says.
    const before = await seeker.client.get('/api/jobs/for-you');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().hasResume).toBe(false);
    const carpenterCard = before.json().items.find((j: { id: string }) => j.id === carpenter.id);
    expect(carpenterCard.reasons).toEqual({ skills: [], roles: [], country: 'Jamaica', category: null, language: null });

    const saved = await saveResume(seeker.client, {
      fullName: 'Marisol Peña',
      email: 'marisol@example.com',
      phone: '+1 876 555 0199',
      skills: ['Phlebotomy', 'Quilting'],
      experience: [{ title: 'Enfermera', place: 'Santo Domingo', period: '2019 – 2024', detail: '' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await seeker.client.get('/api/jobs/for-you');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('private');
    const body = res.json() as { hasResume: boolean; items: Array<{ id: string; reasons: Record<string, unknown> }> };
    expect(body.hasResume).toBe(true);
    // The nurse job shares a skill, the Spanish resume title (through the lexicon), the country and the language.
    expect(body.items.map((j) => j.id)).toEqual([nurse.id, lab.id]);
    expect(body.items[0]!.reasons).toEqual({ skills: ['Phlebotomy'], roles: ['Enfermera'], country: 'Jamaica', category: null, language: 'es' });
    expect(body.items[1]!.reasons).toEqual({ skills: ['Phlebotomy'], roles: [], country: null, category: null, language: null });
    // The reasons are the seeker's own words: nothing of the resume's contact details.
    expect(res.body).not.toMatch(/marisol@example\.com|555 0199/);

    // A job alert's category and country count as preferences.
    expect(
      (await seeker.client.post('/api/alerts', { frequency: 'weekly', filters: { country: 'Barbados', category: 'Healthcare' } })).statusCode,
    ).toBeLessThan(300);
    const withAlert = (await seeker.client.get('/api/jobs/for-you')).json() as typeof body;
    expect(withAlert.items.find((j) => j.id === lab.id)!.reasons).toMatchObject({ country: 'Barbados', category: 'Healthcare' });
  });

  it(
    'orders /api/jobs with sort=foryou as Jobs for you does, over the list’s filters, in pages; others get the usual order',
    { timeout: 120_000 },
    async () => {
      const employer = await signUp(t.app, 'employer');
      const fit = await postJob(employer.client, { title: 'Phlebotomist', country: 'Jamaica', description: 'Phlebotomy and sample handling.' });
      const other = await postJob(employer.client, { title: 'Phlebotomy Trainer', country: 'Barbados', description: 'Teach phlebotomy.' });
      const newer = await postJob(employer.client, { title: 'Gardener', country: 'Jamaica', description: 'Lawns.' });
      const seeker = await signUp(t.app, 'jobseeker');
      // Without a resume the first page says "For you" has nothing to order by.
      expect((await seeker.client.get('/api/jobs')).json().forYou).toBe(false);
      expect((await saveResume(seeker.client, { fullName: 'Ana Diaz', skills: ['Phlebotomy'], experience: [] })).statusCode).toBe(200);
      expect((await seeker.client.get('/api/jobs')).json().forYou).toBe(true);
      const page = (await seeker.client.get('/api/jobs?sort=foryou&limit=2')).json() as { items: Array<{ id: string }>; sort: string; nextCursor: string };
      expect(page.sort).toBe('foryou');
      // The two that hold the resume's skill, newest first, above the newer job that holds nothing of it.
      expect(page.items.map((j) => j.id)).toEqual([other.id, fit.id]);
      expect(page.items.map((j) => j.id)).not.toContain(newer.id);
      expect(page.nextCursor).toBe('r2');
      const next = (await seeker.client.get(`/api/jobs?sort=foryou&limit=2&cursor=${page.nextCursor}`)).json() as { items: Array<{ id: string }> };
      expect(next.items.map((j) => j.id)).not.toContain(page.items[0]!.id);
      // The list's filters narrow it: in Barbados only.
      const barbados = (await seeker.client.get('/api/jobs?sort=foryou&country=Barbados')).json() as { items: Array<{ id: string; country: string }> };
      expect(barbados.items.map((j) => j.id)).toContain(other.id);
      expect(barbados.items.every((j) => j.country === 'Barbados')).toBe(true);
      // A visitor asking for it gets the newest-first list.
      const anon = (await new Client(t.app).get('/api/jobs?sort=foryou&limit=2')).json();
      expect(anon.sort).toBeUndefined();
      expect(anon.items).toEqual((await new Client(t.app).get('/api/jobs?limit=2')).json().items);
      expect(anon.forYou).toBeUndefined();
    },
  );

  it('is for signed-in people only, and refuses bad input', async () => {
    expect((await new Client(t.app).get('/api/jobs/for-you')).statusCode).toBe(401);
    const seeker = await signUp(t.app);
    expect((await seeker.client.get('/api/jobs/for-you?limit=0')).statusCode).toBe(400);
    expect((await seeker.client.get('/api/jobs/for-you?limit=51')).statusCode).toBe(400);
    expect((await seeker.client.get('/api/jobs/for-you?limit=%3Cscript%3E')).statusCode).toBe(400);
    expect((await seeker.client.get('/api/jobs/for-you?limit=3')).statusCode).toBe(200);
  });
});
