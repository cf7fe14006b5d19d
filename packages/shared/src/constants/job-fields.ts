/** Issue 21: a job's structured fields. Stored as these values; the web app shows them translated. */
export const EMPLOYMENT_TYPES = ['full-time', 'part-time', 'contract', 'temporary', 'internship', 'volunteer'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const WORKPLACES = ['on-site', 'hybrid', 'remote'] as const;
export type Workplace = (typeof WORKPLACES)[number];

export const SALARY_PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

/**
 * "Salary at least" compares yearly amounts: a period's amount times how many of it a full-time
 * year holds (40 hours a week, 5 days a week). The SQL column jobs.salary_yearly uses the same.
 */
export const PERIODS_PER_YEAR: Readonly<Record<SalaryPeriod, number>> = { hour: 2080, day: 260, week: 52, month: 12, year: 1 };

/** A job is open this many days when its employer picks no closing date, and at most JOB_OPEN_DAYS_MAX. */
export const JOB_OPEN_DAYS_DEFAULT = 30;
export const JOB_OPEN_DAYS_MAX = 90;
/** Reminders to the owner, this many days before the closing date. */
export const JOB_REMINDER_DAYS = [7, 1] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of a moment, in UTC. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The closing-date field's default: JOB_OPEN_DAYS_DEFAULT days from today (UTC). */
export const defaultClosingDay = (now: Date = new Date()) => utcDay(new Date(now.getTime() + JOB_OPEN_DAYS_DEFAULT * DAY_MS));
/** The latest closing date an employer may pick today. */
export const latestClosingDay = (now: Date = new Date()) => utcDay(new Date(now.getTime() + JOB_OPEN_DAYS_MAX * DAY_MS));

/** A closing day (YYYY-MM-DD) ends at the end of that day, UTC. */
export const closingDayEnd = (day: string) => new Date(`${day}T23:59:59.999Z`);
