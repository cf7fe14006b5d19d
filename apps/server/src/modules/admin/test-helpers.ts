import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/app';
import { signUp, type Client } from '../../../test/http';
import { profiles } from '../../db/schema';

export const validJob = (over: Record<string, unknown> = {}) => ({
  title: 'Line cook',
  company: 'Blue Bay',
  country: 'Jamaica',
  category: 'Hospitality',
  description: 'Cook for a busy kitchen.',
  ...over,
});

/** A signed-up person whose role is then set directly, as the create-admin command does. */
export async function signUpAs(t: TestApp, role: string, base: 'jobseeker' | 'employer' = 'jobseeker') {
  const s = await signUp(t.app, base);
  await t.database.db.update(profiles).set({ role }).where(eq(profiles.id, s.user.id));
  return s;
}

export async function postJob(client: Client, over: Record<string, unknown> = {}) {
  const res = await client.post('/api/jobs', validJob(over));
  if (res.statusCode !== 201) throw new Error(`post job failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; paid: boolean; userId: string };
}
