import type { TestApp } from '../../../test/app';
import { setRole } from '../../../test/consultants';
import { signUp } from '../../../test/http';

/** A signed-up person whose role is then set directly, as the create-admin command does (admins with two-factor set up). */
export async function signUpAs(t: TestApp, role: string, base: 'jobseeker' | 'employer' = 'jobseeker') {
  const s = await signUp(t.app, base);
  await setRole(t.database, s.user.id, role);
  return s;
}
