import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CARIBBEAN_COUNTRIES, FALLBACK_JOB_CATEGORIES, type EmploymentType, type Workplace } from '@caribconnect/shared';
import type { Db } from '../client';
import { account, applications, jobCategories, profiles, user } from '../schema';
import { hashPassword } from '../../lib/passwords';
import { seedConsultants } from './consultants';
import { insertJobs, jobEmployers } from './jobs';
import { BENEFITS, COMPANY_FIRST, COMPANY_KIND, DUTIES, LEVELS, PEOPLE, PLACES, REQUIREMENTS, STREETS, TITLES } from './data';

export const DEMO_PASSWORD = 'caribconnect-demo';
const DAY = 24 * 60 * 60 * 1000;

/** Same input, same UUID: re-running the seed finds its rows instead of adding new ones. */
export function seedUuid(name: string): string {
  const h = createHash('sha1').update(`caribconnect-seed:${name}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A small deterministic generator (mulberry32), so job n always has the same content. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, pick };
}

const money = (n: number) => n.toLocaleString('en-US');

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

/**
 * Job n of a data set of `total`; createdAt is spread over ~13 months, more of them recent, and grows
 * with n, so rows are inserted oldest first as a live site appends them (physical order follows
 * created_at, as it does in production; random order would make every page read scattered blocks).
 */
export function demoJob(n: number, total: number, employerIds: string[], now: number) {
  const r = random(n * 7919 + 17);
  const category = r.pick(FALLBACK_JOB_CATEGORIES);
  const country = r.pick(CARIBBEAN_COUNTRIES);
  const place = PLACES[country]!;
  const town = r.pick(place.towns);
  const title = `${r.pick(LEVELS)}${r.pick(TITLES[category])}`.trim();
  const company = `${r.pick(COMPANY_FIRST)} ${r.pick(COMPANY_KIND[category])}`;
  const [lo, hi] = place.monthly;
  const low = Math.round((lo + r.next() * (hi - lo) * 0.7) / 100) * 100;
  const high = Math.round((low * (1.1 + r.next() * 0.4)) / 100) * 100;
  const salary = r.next() < 0.2 ? '' : r.next() < 0.15 ? 'Negotiable' : `${place.currency} ${money(low)} – ${money(high)} / month`;
  const duties = [...DUTIES[category]].sort(() => r.next() - 0.5).slice(0, 3);
  const reqs = [...REQUIREMENTS].sort(() => r.next() - 0.5).slice(0, 3);
  const perks = [...BENEFITS].sort(() => r.next() - 0.5).slice(0, 3);
  const description =
    `${company} in ${town}, ${country}, is hiring ${/^[AEIOU]/.test(title) ? 'an' : 'a'} ${title}. ` +
    `In this role you will ${duties.join('; ')}.\n\n` +
    `We are looking for someone with ${reqs.join(', ')}.\n\n` +
    `We offer ${perks.join(', ')}. Send your application with a cover letter and an up-to-date resume; only shortlisted candidates will be contacted.`;
  const age = Math.floor((1 - (n + r.next()) / Math.max(total, 1)) ** 2 * 400 * DAY);
  // The structured fields draw from their own sequence, so the fields above stay as they were.
  const f = random(n * 104729 + 3);
  const employmentType = f.pick<EmploymentType>([
    'full-time',
    'full-time',
    'full-time',
    'full-time',
    'part-time',
    'contract',
    'temporary',
    'internship',
    'volunteer',
  ]);
  const workplace = f.pick<Workplace>(['on-site', 'on-site', 'on-site', 'on-site', 'on-site', 'hybrid', 'remote']);
  const structured = salary.includes('–');
  return {
    id: seedUuid(`job-${n}`),
    userId: employerIds[n % employerIds.length]!,
    title,
    company,
    country,
    category,
    description,
    salary,
    address: r.next() < 0.3 ? '' : `${1 + Math.floor(r.next() * 120)} ${r.pick(STREETS)}, ${town}`,
    employmentType,
    workplace,
    salaryMin: structured ? low : null,
    salaryMax: structured ? high : null,
    salaryCurrency: structured ? place.currency : null,
    salaryPeriod: structured ? 'month' : null,
    // Every demo job open, closing over the next 10 to 70 days.
    expiresAt: new Date(now + (10 + (n % 60)) * DAY),
    createdAt: new Date(now - age),
    updatedAt: new Date(now - age),
  };
}

export interface SeedOptions {
  jobs: number;
  /** Applications per job seeker (to the newest jobs, spread out). */
  applicationsPerSeeker?: number;
  log?: (line: string) => void;
  now?: number;
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
  const employerIds = await jobEmployers(db, demoEmployers, opts.jobs);
  if (employerIds.length > demoEmployers.length) log(`employers: ${employerIds.length} own the jobs`);
  const started = Date.now();
  const inserted = await insertJobs(db, opts.jobs, (n) => demoJob(n, opts.jobs, employerIds, now), log);
  log(`jobs: ${opts.jobs} in the data set (${inserted} new) in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // Each job seeker applies to a few of the newest jobs, with a statuses mix an employer would have.
  const perSeeker = Math.min(opts.applicationsPerSeeker ?? 12, opts.jobs);
  const statuses = ['Pending', 'Pending', 'Reviewed', 'Shortlisted', 'Rejected'] as const;
  const apps = [];
  for (const [s, seeker] of people.filter((p) => p.role === 'jobseeker').entries()) {
    for (let k = 0; k < perSeeker; k++) {
      const n = (s * 5 + k * 3) % Math.min(opts.jobs, 200);
      apps.push({
        id: seedUuid(`application-${seeker.id}-${n}`),
        jobId: seedUuid(`job-${n}`),
        userId: seeker.id,
        coverLetter: `Dear hiring manager,\n\nI am ${seeker.name} and I would like to apply for this position. I am reliable, keen to learn and available to start immediately.\n\nKind regards,\n${seeker.name}`,
        status: statuses[(s + k) % statuses.length]!,
      });
    }
  }
  const appsInserted = apps.length ? (await db.insert(applications).values(apps).onConflictDoNothing().returning({ id: applications.id })).length : 0;
  log(`applications: ${apps.length} in the data set (${appsInserted} new)`);

  const seekerIds = people.filter((p) => p.role === 'jobseeker').map((p) => p.id);
  const consultantAccounts = await seedConsultants(db, () => hashPassword(DEMO_PASSWORD), seekerIds, now);
  log(`consultants: ${consultantAccounts.length} demo consultants with requests and reviews`);

  // Fresh statistics, so the planner knows the table's size and value spread right away.
  await db.execute(sql`analyze jobs`);
  await db.execute(sql`analyze applications`);
  return { users: people, consultants: consultantAccounts, jobsInserted: inserted, applicationsInserted: appsInserted };
}
