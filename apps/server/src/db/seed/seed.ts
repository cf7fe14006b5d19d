import { sql } from 'drizzle-orm';
import { CARIBBEAN_COUNTRIES, FALLBACK_JOB_CATEGORIES, statusOfStage } from '@caribconnect/shared';
import type { Db } from '../client';
import { account, applications, jobCategories, profiles, user } from '../schema';
import { hashPassword } from '../../lib/passwords';
import { seconds } from './bulk';
import { seedConsultants } from './consultants';
import { PEOPLE } from './data';
import { seedUuid } from './ids';
import { jobEmployers, writeJobs } from './jobs';

export { random, seedUuid } from './ids';
export const DEMO_PASSWORD = 'caribconnect-demo';

export interface SeedUser {
  id: string;
  email: string;
  name: string;
  role: 'employer' | 'jobseeker';
}

export function demoUsers(): SeedUser[] {
  const mk = (names: string[], role: SeedUser['role']) =>
    names.map((name, i) => ({ id: `seed-${role}-${i + 1}`, email: `${role}${i + 1}@demo.caribconnect.example`, name, role }));
  return [...mk(PEOPLE.employers, 'employer'), ...mk(PEOPLE.jobSeekers, 'jobseeker')];
}

export interface SeedOptions {
  jobs: number;
  /** Applications per job seeker (to the newest jobs, spread out). */
  applicationsPerSeeker?: number;
  log?: (line: string) => void;
  now?: number;
  /** Connections writing at once: 2 on the PostgreSQL server (two cores), 1 on PGlite. */
  workers?: number;
  /**
   * Return before the jobs' deferred indexes and search words are built, with `finishing` to await:
   * the seed writes the ads meanwhile. Without it, seedDemo returns once everything is built.
   */
  finishLater?: boolean;
}

/**
 * Fills the database with demo data. Idempotent: every row has a deterministic id and is inserted
 * with ON CONFLICT DO NOTHING, so running it again adds only what is missing (e.g. more jobs).
 */
export async function seedDemo(db: Db, opts: SeedOptions) {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? Date.now();
  const people = demoUsers();

  const existing = new Set((await db.select({ id: user.id }).from(user)).map((u) => u.id));
  const missing = people.filter((p) => !existing.has(p.id));
  const hash = missing.length ? await hashPassword(DEMO_PASSWORD) : '';
  for (const p of missing) {
    await db.transaction(async (tx) => {
      await tx.insert(user).values({ id: p.id, name: p.name, email: p.email, emailVerified: true }).onConflictDoNothing();
      await tx
        .insert(account)
        .values({ id: `${p.id}-credential`, accountId: p.id, providerId: 'credential', userId: p.id, password: hash })
        .onConflictDoNothing();
      await tx
        .insert(profiles)
        .values({ id: p.id, fullName: p.name, role: p.role, email: p.email, country: CARIBBEAN_COUNTRIES[people.indexOf(p) % CARIBBEAN_COUNTRIES.length]! })
        .onConflictDoNothing();
    });
  }
  log(`users: ${people.length} demo accounts (${missing.length} new)`);

  await db
    .insert(jobCategories)
    .values(FALLBACK_JOB_CATEGORIES.map((name) => ({ id: seedUuid(`category-${name}`), name })))
    .onConflictDoNothing();

  const demoEmployers = people.filter((p) => p.role === 'employer').map((p) => p.id);
  const employersAt = Date.now();
  const employerIds = await jobEmployers(db, demoEmployers, opts.jobs);
  if (employerIds.length > demoEmployers.length) log(`employers: ${employerIds.length} own the jobs (${seconds(employersAt)})`);
  const started = Date.now();
  const { inserted, finish } = await writeJobs(db, { total: opts.jobs, employerIds, now, log, workers: opts.workers });
  // Fresh statistics once the indexes exist (ANALYZE also samples the indexed expressions), so the
  // planner knows the table's size and value spread right away.
  const finishing = (async () => {
    await finish();
    const analyzed = Date.now();
    await db.execute(sql`analyze jobs`);
    log(`jobs: ${opts.jobs} in the data set (${inserted} new), ready in ${seconds(started)} (statistics ${seconds(analyzed)})`);
  })();
  // Awaited below or by the caller; a failure is theirs to see, not an unhandled rejection meanwhile.
  finishing.catch(() => {});

  let rest;
  try {
    // Each job seeker applies to a few of the newest jobs, with a statuses mix an employer would have.
    const perSeeker = Math.min(opts.applicationsPerSeeker ?? 12, opts.jobs);
    // By stage, which the status follows (applications_stage_status_check, decision 0071).
    const stages = ['Applied', 'Applied', 'Screening', 'Interview', 'Not selected'] as const;
    const apps = [];
    for (const [s, seeker] of people.filter((p) => p.role === 'jobseeker').entries()) {
      for (let k = 0; k < perSeeker; k++) {
        const n = (s * 5 + k * 3) % Math.min(opts.jobs, 200);
        apps.push({
          id: seedUuid(`application-${seeker.id}-${n}`),
          jobId: seedUuid(`job-${n}`),
          userId: seeker.id,
          coverLetter: `Dear hiring manager,\n\nI am ${seeker.name} and I would like to apply for this position. I am reliable, keen to learn and available to start immediately.\n\nKind regards,\n${seeker.name}`,
          stage: stages[(s + k) % stages.length]!,
          status: statusOfStage(stages[(s + k) % stages.length]!),
        });
      }
    }
    const appsInserted = apps.length ? (await db.insert(applications).values(apps).onConflictDoNothing().returning({ id: applications.id })).length : 0;
    log(`applications: ${apps.length} in the data set (${appsInserted} new)`);

    const seekerIds = people.filter((p) => p.role === 'jobseeker').map((p) => p.id);
    const consultantAccounts = await seedConsultants(db, () => hashPassword(DEMO_PASSWORD), seekerIds, now);
    log(`consultants: ${consultantAccounts.length} demo consultants with requests and reviews`);

    await db.execute(sql`analyze applications`);
    rest = { consultantAccounts, appsInserted };
  } catch (err) {
    // The deferred builds still run to the end: a failed seed leaves no index missing.
    await finishing.catch(() => {});
    throw err;
  }
  if (!opts.finishLater) await finishing;
  return { users: people, consultants: rest.consultantAccounts, jobsInserted: inserted, applicationsInserted: rest.appsInserted, finishing };
}
