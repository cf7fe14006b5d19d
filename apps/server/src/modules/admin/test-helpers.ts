import type { TestApp } from '../../../test/app';
import { setRole } from '../../../test/consultants';
import { signUp, type Client } from '../../../test/http';

export const validJob = (over: Record<string, unknown> = {}) => ({
  title: 'Line cook',
  company: 'Blue Bay',
  country: 'Jamaica',
  category: 'Hospitality',
  description: 'Cook for a busy kitchen.',
  ...over,
});

/** A signed-up person whose role is then set directly, as the create-admin command does (admins with two-factor set up). */
export async function signUpAs(t: TestApp, role: string, base: 'jobseeker' | 'employer' = 'jobseeker') {
  const s = await signUp(t.app, base);
  await setRole(t.database, s.user.id, role);
  return s;
}

export async function postJob(client: Client, over: Record<string, unknown> = {}) {
  const res = await client.post('/api/jobs', validJob(over));
  if (res.statusCode !== 201) throw new Error(`post job failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; paid: boolean; userId: string };
}
