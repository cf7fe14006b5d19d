import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { CONTACT, saveConsultant, setRole, signUpConsultant } from '../../../test/consultants';
import { Client, signUp, type Client as C } from '../../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const card = async (userId: string, viewer: C = new Client(t.app)) => (await viewer.get(`/api/consultants/${userId}`)).json();

/** A consultant and a person who has sent them a request. */
async function pair() {
  const consultant = await signUpConsultant(t.app);
  const client = await signUp(t.app, 'jobseeker', { fullName: 'Reviewing Client' });
  expect((await client.client.post(`/api/consultants/${consultant.user.id}/requests`, CONTACT)).statusCode).toBe(201);
  return { consultant, client, url: `/api/consultants/${consultant.user.id}/reviews` };
}

describe('reviews', () => {
  it('someone who sent a request reviews once; rating and count come from the server', async () => {
    const { consultant, client, url } = await pair();
    expect((await card(consultant.user.id, client.client)).viewer).toMatchObject({ hasRequested: true, canReview: true, myReview: null, isSelf: false });
    const res = await client.client.post(url, { rating: 4, comment: 'Clear and quick.' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ rating: 4, comment: 'Clear and quick.', authorName: 'Reviewing Client', authorId: client.user.id });
    const after = await card(consultant.user.id, client.client);
    expect([after.rating, after.reviewCount]).toEqual([4, 1]);
    expect(after.viewer).toMatchObject({ canReview: false, myReview: { rating: 4 } });

    const list = (await new Client(t.app).get(url)).json();
    expect(list.items.map((r: { comment: string }) => r.comment)).toEqual(['Clear and quick.']);
  });

  it('a second review is refused (409); the author edits theirs instead and the average follows', async () => {
    const { consultant, client, url } = await pair();
    await client.client.post(url, { rating: 5, comment: 'Great' });
    const again = await client.client.post(url, { rating: 1, comment: 'Second try' });
    expect([again.statusCode, again.json().code]).toEqual([409, 'REVIEW_EXISTS']);
    const other = await signUp(t.app, 'employer');
    await other.client.post(`/api/consultants/${consultant.user.id}/requests`, CONTACT);
    await other.client.post(url, { rating: 4, comment: 'Good' });
    expect((await card(consultant.user.id)).rating).toBe(4.5);
    const edited = await client.client.patch(`${url}/mine`, { rating: 3, comment: 'Changed my mind' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ rating: 3, comment: 'Changed my mind' });
    const after = await card(consultant.user.id);
    expect([after.rating, after.reviewCount]).toEqual([3.5, 2]);
  });

  it('only someone who sent a request may review; consultants never review themselves', async () => {
    const consultant = await signUpConsultant(t.app);
    const url = `/api/consultants/${consultant.user.id}/reviews`;
    const stranger = await signUp(t.app, 'jobseeker');
    const res = await stranger.client.post(url, { rating: 5, comment: 'Never met them' });
    expect([res.statusCode, res.json().code]).toEqual([403, 'REVIEW_NEEDS_REQUEST']);
    const self = await consultant.client.post(url, { rating: 5, comment: 'I am the best' });
    expect([self.statusCode, self.json().code]).toEqual([403, 'CANNOT_REVIEW_SELF']);
    expect((await card(consultant.user.id, consultant.client)).viewer).toMatchObject({ isSelf: true, canReview: false });
    expect((await card(consultant.user.id)).reviewCount).toBe(0);
  });

  it('refuses anonymous and muted reviewers, out-of-range stars and empty text', async () => {
    const { consultant, client, url } = await pair();
    expect((await new Client(t.app).post(url, { rating: 5, comment: 'anon' })).statusCode).toBe(401);
    for (const body of [
      { rating: 0, comment: 'x' },
      { rating: 6, comment: 'x' },
      { rating: 4.5, comment: 'x' },
      { rating: 3, comment: '  ' },
      { rating: 3, comment: 'x'.repeat(501) },
    ]) {
      expect((await client.client.post(url, body)).statusCode).toBe(400);
    }
    await setRole(t.database, client.user.id, 'muted');
    const muted = await client.client.post(url, { rating: 5, comment: 'muted' });
    expect([muted.statusCode, muted.json().code]).toEqual([403, 'ACCOUNT_MUTED']);
    expect((await card(consultant.user.id)).reviewCount).toBe(0);
  });

  it('editing needs a review of your own; a forged rating on the record changes nothing', async () => {
    const { consultant, client, url } = await pair();
    const none = await client.client.patch(`${url}/mine`, { rating: 5, comment: 'x' });
    expect([none.statusCode, none.json().code]).toEqual([404, 'REVIEW_NOT_FOUND']);
    await saveConsultant(consultant.client, { fullName: 'K', contactInfo: 'c', country: 'Haiti', specialty: 'IT', phone: '1', rating: '5', reviewCount: '40' });
    expect(await card(consultant.user.id)).toMatchObject({ rating: 0, reviewCount: 0 });
  });

  it('the rating follows when a reviewer’s account is deleted', async () => {
    const { consultant, client, url } = await pair();
    await client.client.post(url, { rating: 2, comment: 'Meh' });
    expect((await card(consultant.user.id)).reviewCount).toBe(1);
    await t.database.db.execute(sql`delete from users where id = ${client.user.id}`);
    expect(await card(consultant.user.id)).toMatchObject({ rating: 0, reviewCount: 0 });
  });

  it('counts two reviews saved at the same time', async () => {
    const consultant = await signUpConsultant(t.app);
    const reviewers = await Promise.all([signUp(t.app, 'jobseeker'), signUp(t.app, 'jobseeker')]);
    for (const r of reviewers) await r.client.post(`/api/consultants/${consultant.user.id}/requests`, CONTACT);
    const results = await Promise.all(
      reviewers.map((r, i) => r.client.post(`/api/consultants/${consultant.user.id}/reviews`, { rating: i + 4, comment: 'same time' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await card(consultant.user.id)).toMatchObject({ rating: 4.5, reviewCount: 2 });
  });
});
