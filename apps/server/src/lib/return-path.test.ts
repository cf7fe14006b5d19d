import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { Client, confirmationLinkFor, PASSWORD, signUp, uniqueEmail } from '../../test/http';
import { postJob } from '../../test/jobs';
import { signReturnPath, verifiedReturnPath } from './return-path';

// Issue 48, item 2 (decision 0069): a visitor who tapped Save signed out, then signed up, is brought
// back by the confirmation link (a signed path of ours) and the save completes once they are confirmed
// and signed in.

let t: TestApp;
let jobId: string;
beforeAll(async () => {
  t = await createTestApp();
  const employer = await signUp(t.app, 'employer');
  jobId = (await postJob(employer.client, { title: 'Line Cook', company: 'Blue Hotel', country: 'Jamaica', category: 'Hospitality', description: 'Cook.' })).id;
});
afterAll(() => t?.close());

const location = (res: { headers: Record<string, unknown> }) => String(res.headers.location);

describe('a pending action survives sign-up and the confirmation link', () => {
  it('Save signed out → sign up → the link → Continue → the job, saved', async () => {
    const visitor = new Client(t.app);
    // The heart's form, signed out: Log In (then Sign Up) with the continue address.
    const heart = await visitor.request({
      method: 'POST',
      url: `/saved/job/${jobId}?back=${encodeURIComponent(`/jobs/${jobId}`)}`,
      payload: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(heart.statusCode).toBe(303);
    const returnTo = new URL(location(heart), 'http://x').searchParams.get('returnTo')!;
    expect(returnTo).toBe(`/saved/job/${jobId}/continue?back=${encodeURIComponent(`/jobs/${jobId}`)}`);

    const email = uniqueEmail('visitor');
    expect((await visitor.post('/api/signup', { email, password: PASSWORD, role: 'jobseeker', fullName: 'Vera Visitor', returnTo })).statusCode).toBe(200);
    const link = new URL(await confirmationLinkFor(t.app, email));
    const confirmed = await visitor.get(link.pathname + link.search);
    expect(confirmed.statusCode).toBe(302);
    const landing = new URL(location(confirmed), 'http://x');
    expect(landing.pathname).toBe('/email-confirmed');
    expect(landing.searchParams.get('next')).toBe(returnTo);
    const sig = landing.searchParams.get('sig')!;
    expect(sig).toBe(signReturnPath(t.config.authSecret, returnTo));

    // Continue: /continue checks the signature, the continue address saves, then back to the job.
    const onward = await visitor.get(`/continue?${new URLSearchParams({ next: returnTo, sig })}`);
    expect(onward.statusCode).toBe(303);
    expect(location(onward)).toBe(returnTo);
    const saved = await visitor.get(returnTo);
    expect(saved.statusCode).toBe(303);
    expect(location(saved)).toBe(`/jobs/${jobId}`);
    const mine = (await visitor.get('/api/saved?kind=job')).json();
    expect(JSON.stringify(mine)).toContain(jobId);
  });

  it('a path of ours only, signed: another site, a forged or missing signature goes home instead', async () => {
    const secret = t.config.authSecret;
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)'])
      expect(verifiedReturnPath(secret, next, signReturnPath(secret, next))).toBeNull();
    const client = new Client(t.app);
    expect(location(await client.get(`/continue?next=${encodeURIComponent('/jobs')}&sig=forged`))).toBe('/');
    expect(location(await client.get(`/continue?next=${encodeURIComponent('/jobs')}`))).toBe('/');
    expect(location(await client.get(`/continue?next=${encodeURIComponent('//evil.example')}&sig=${signReturnPath(secret, '//evil.example')}`))).toBe('/');
    expect(location(await client.get(`/continue?next=${encodeURIComponent('/jobs')}&sig=${signReturnPath(secret, '/jobs')}`))).toBe('/jobs');

    // Sign-up with another site's address: the link carries nothing to go on to.
    const email = uniqueEmail('evil');
    expect(
      (await client.post('/api/signup', { email, password: PASSWORD, role: 'jobseeker', fullName: 'Eve', returnTo: 'https://evil.example/' })).statusCode,
    ).toBe(200);
    const link = new URL(await confirmationLinkFor(t.app, email));
    expect(decodeURIComponent(link.searchParams.get('callbackURL')!)).not.toContain('next=');
  });
});
