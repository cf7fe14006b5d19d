import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/lib/keyset';
import type { TestApp } from './app';
import { FILES, multipart, signUp, type Client } from './http';

export type Person = Awaited<ReturnType<typeof signUp>>;

/**
 * The hiring tests' cast: Olivia Owner's company with Rae Recruiter and Vic Viewer in it (moved in
 * as an accepted invitation moves a person), and Otto Outsider, an employer of another company.
 */
export async function signUpTeam(t: TestApp) {
  const [owner, recruiter, viewer, outsider] = await Promise.all([
    signUp(t.app, 'employer', { fullName: 'Olivia Owner' }),
    signUp(t.app, 'employer', { fullName: 'Rae Recruiter' }),
    signUp(t.app, 'employer', { fullName: 'Vic Viewer' }),
    signUp(t.app, 'employer', { fullName: 'Otto Outsider' }),
  ]);
  const [company] = await rowsOf<{ id: string }>(t.database.db.execute(sql`select company_id as id from company_members where user_id = ${owner.user.id}`));
  for (const [person, role] of [
    [recruiter, 'recruiter'],
    [viewer, 'viewer'],
  ] as const)
    await t.database.db.execute(sql`update company_members set company_id = ${company!.id}, role = ${role} where user_id = ${person.user.id}`);
  return { owner, recruiter, viewer, outsider, companyId: company!.id };
}

/**
 * A job seeker applies with a cover letter (and, with `files`, a resume and a cover letter as PDFs);
 * returns the application's id. Any answer but 201 throws with its body.
 */
export async function applyTo(client: Client, jobId: string, { coverLetter = 'Hello', files = false } = {}): Promise<string> {
  const pdf = (name: string, filename: string) => ({ name, filename, contentType: 'application/pdf', data: FILES.pdf });
  const res = await client.request({
    method: 'POST',
    url: `/api/jobs/${jobId}/applications`,
    ...multipart([{ name: 'coverLetter', data: coverLetter }, ...(files ? [pdf('resumeFile', 'cv.pdf'), pdf('coverLetterFile', 'letter.pdf')] : [])]),
  });
  if (res.statusCode !== 201) throw new Error(`apply failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}
