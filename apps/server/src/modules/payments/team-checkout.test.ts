import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { Client, multipart, signUp } from '../../../test/http';
import { adCategories } from '../../db/schema';
import { postJob } from '../../../test/jobs';
import { signUpTeam, type Person } from '../../../test/team';
import { startPayPalStandIn, type PayPalStandIn } from '../../../test/paypal-stand-in';
import { rowsOf } from '../../lib/keyset';
import { setRole } from '../../../test/consultants';

/**
 * Who may pay for a listing is who may edit it (decision 0076): a job's company owners and recruiters
 * now, whoever posted it; not a viewer, not a poster since removed, not a stranger. An ad is its
 * poster's. A refusal writes nothing and asks PayPal for nothing.
 */
let t: TestApp;
let pp: PayPalStandIn;
let owner: Person;
let recruiter: Person;
let viewer: Person;
let outsider: Person;
let removed: Person;

beforeAll(async () => {
  pp = await startPayPalStandIn();
  t = await createTestApp({
    paypal: { clientId: pp.clientId, clientSecret: pp.clientSecret, env: 'sandbox', webhookId: pp.webhookId, apiUrl: pp.url, timeoutMs: 1500 },
  });
  const admin = await signUp(t.app);
  await setRole(t.database, admin.user.id, 'admin');
  const settings = await admin.client.request({
    method: 'PUT',
    url: '/api/admin/settings',
    payload: { jobsFree: false, jobPrice: '25', adsFree: false, adPrice: '5', operatorName: 'Carib Ops Ltd', operatorAddress: '1 Bay St, Bridgetown' },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  let companyId: string;
  ({ owner, recruiter, viewer, outsider, companyId } = await signUpTeam(t));
  removed = await signUp(t.app, 'employer', { fullName: 'Remy Removed' });
  await t.database.db.execute(sql`update company_members set company_id = ${companyId}, role = 'recruiter' where user_id = ${removed.user.id}`);
});
afterAll(async () => {
  await t.close();
  await pp.close();
});

const checkout = (p: Person, id: string, kind = 'job') => p.client.post('/api/payments/checkout', { kind, id });
const paymentsOf = async (listingId: string) =>
  rowsOf<{ userId: string; status: string; payerEmail: string }>(
    t.database.db.execute(
      sql`select user_id as "userId", status, payer_email as "payerEmail" from payments where listing_id = ${listingId} order by created_at`,
    ),
  );

describe('paying for a company’s job', () => {
  it('is open to the company’s owners and recruiters, whoever posted it; the payer is the caller', async () => {
    for (const payer of [owner, recruiter]) {
      const job = await postJob(removed, `Cook for ${payer.user.id}`);
      const res = await checkout(payer, job.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().approveUrl).toMatch(new RegExp(`^${pp.url}/checkoutnow\\?token=`));
      expect(await paymentsOf(job.id)).toEqual([{ userId: payer.user.id, status: 'pending', payerEmail: payer.email }]);
    }
  });

  it('leaves a teammate’s recent order to them: a second teammate is refused and the first can still finish; a lapsed one is replaced', async () => {
    const job = await postJob(recruiter, 'Line Cook');
    const first = await checkout(recruiter, job.id);
    expect(first.statusCode, first.body).toBe(200);
    const second = await checkout(owner, job.id);
    expect([second.statusCode, second.json().code]).toEqual([409, 'PAYMENT_BY_TEAMMATE']);
    expect(await paymentsOf(job.id)).toEqual([{ userId: recruiter.user.id, status: 'pending', payerEmail: recruiter.email }]);
    // The first payer's second press reuses their order.
    const again = await checkout(recruiter, job.id);
    expect([again.statusCode, again.json().approveUrl, again.json().reused]).toEqual([200, first.json().approveUrl, true]);
    // The HTML form says it on the payments page.
    const form = await owner.client.request({
      method: 'POST',
      url: '/payments/checkout',
      payload: `kind=job&id=${job.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([form.statusCode, form.headers.location]).toEqual([303, '/payments?error=PAYMENT_BY_TEAMMATE']);
    // Once PayPal would have let it lapse, a teammate's press replaces it.
    await t.database.db.execute(sql`update payments set created_at = now() - interval '4 hours' where listing_id = ${job.id}`);
    expect((await checkout(owner, job.id)).statusCode).toBe(200);
    expect((await paymentsOf(job.id)).map((p) => [p.userId, p.status])).toEqual([
      [recruiter.user.id, 'cancelled'],
      [owner.user.id, 'pending'],
    ]);
  });

  it('refuses a viewer, a removed poster, another company and an anonymous caller, writing nothing', async () => {
    const job = await postJob(removed, 'Sous Chef');
    expect((await owner.client.delete(`/api/companies/mine/members/${removed.user.id}`)).statusCode).toBe(204);
    for (const p of [viewer, removed, outsider]) {
      const res = await checkout(p, job.id);
      expect(res.statusCode, `${p.user.email}: ${res.body}`).toBe(404);
      expect(res.json().code).toBe('JOB_NOT_FOUND');
    }
    expect((await new Client(t.app).post('/api/payments/checkout', { kind: 'job', id: job.id })).statusCode).toBe(401);
    expect(await paymentsOf(job.id)).toEqual([]);
    // The team still may.
    expect((await checkout(recruiter, job.id)).statusCode).toBe(200);
  });

  it('keeps an ad its poster’s own', async () => {
    const [vehicles] = await t.database.db.select({ id: adCategories.id }).from(adCategories).where(eq(adCategories.slug, 'vehicles'));
    const seller = await signUp(t.app);
    const fields = { title: 'Team Checkout Bicycle', description: 'Blue, two wheels.', categoryId: vehicles!.id, country: 'Jamaica' };
    const posted = await seller.client.request({
      method: 'POST',
      url: '/api/ads',
      ...multipart(Object.entries(fields).map(([name, data]) => ({ name, data }))),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const ad = posted.json() as { id: string };
    expect((await checkout(owner, ad.id, 'ad')).json().code).toBe('AD_NOT_FOUND');
    expect(await paymentsOf(ad.id)).toEqual([]);
    expect((await checkout(seller, ad.id, 'ad')).statusCode).toBe(200);
  });
});
