// schema.org JobPosting for a job page (what Google for Jobs reads), and the free-text salary parser it
// needs. Pure: the web app's server render and its browser head both call it, so it imports no zod.

export type SalaryUnit = 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export interface ParsedSalary {
  /** ISO 4217 code. */
  currency: string;
  minValue: number;
  /** Set for a range ("$50k-$60k"). */
  maxValue?: number;
  unit?: SalaryUnit;
}

const ISO_CODES = new Set([
  'USD', 'JMD', 'TTD', 'BBD', 'BSD', 'XCD', 'BZD', 'KYD', 'GYD', 'SRD', 'BMD', 'HTG', 'DOP', 'CUP', 'AWG', 'ANG', 'XCG', 'EUR', 'GBP', 'CAD',
]); // prettier-ignore

/** Dollar prefixes as people write them ("US$", "TT$", "J$"), upper-cased. */
const DOLLAR_PREFIXES: Record<string, string> = {
  US: 'USD', USD: 'USD', J: 'JMD', JA: 'JMD', JMD: 'JMD', TT: 'TTD', TTD: 'TTD', BDS: 'BBD', BD: 'BBD', BBD: 'BBD', B: 'BSD', BSD: 'BSD',
  EC: 'XCD', XCD: 'XCD', BZ: 'BZD', BZD: 'BZD', CI: 'KYD', KY: 'KYD', KYD: 'KYD', G: 'GYD', GY: 'GYD', GYD: 'GYD', SR: 'SRD', SRD: 'SRD',
  BMD: 'BMD', CA: 'CAD', C: 'CAD', CAD: 'CAD',
}; // prettier-ignore

const EASTERN_CARIBBEAN = [
  'Antigua and Barbuda',
  'Dominica',
  'Grenada',
  'Saint Kitts and Nevis',
  'Saint Lucia',
  'Saint Vincent and the Grenadines',
  'Anguilla',
  'Montserrat',
];

/** What a bare "$" means in the job's country; elsewhere US dollars. */
const LOCAL_DOLLAR: Record<string, string> = {
  Jamaica: 'JMD',
  'Trinidad and Tobago': 'TTD',
  Barbados: 'BBD',
  Bahamas: 'BSD',
  Belize: 'BZD',
  'Cayman Islands': 'KYD',
  Guyana: 'GYD',
  Suriname: 'SRD',
  Bermuda: 'BMD',
  Canada: 'CAD',
  ...Object.fromEntries(EASTERN_CARIBBEAN.map((c) => [c, 'XCD'])),
};

const UNITS: Array<[RegExp, SalaryUnit]> = [
  [/\b(per|an|a|each|\/)\s*(hour|hr)\b|\bhourly\b|\/\s*h\b/i, 'HOUR'],
  [/\b(per|a|each|\/)\s*day\b|\bdaily\b/i, 'DAY'],
  [/\b(per|a|each|\/)\s*(week|wk)\b|\bweekly\b|\bfortnight/i, 'WEEK'],
  [/\b(per|a|each|\/)\s*(month|mo|mth)\b|\bmonthly\b|\bp\.?\s?m\.?(?![a-z])/i, 'MONTH'],
  [/\b(per|a|each|\/)\s*(year|yr|annum)\b|\b(yearly|annual(ly)?)\b|\bp\.?\s?a\.?(?![a-z])/i, 'YEAR'],
];

function currencyOf(text: string, country: string | undefined): string | null {
  const prefixed = /(?:^|[^A-Za-z])([A-Za-z]{1,3})\s?\$/.exec(text);
  if (prefixed) {
    const code = DOLLAR_PREFIXES[prefixed[1].toUpperCase()];
    if (code) return code;
  }
  for (const word of text.toUpperCase().match(/\b[A-Z]{3}\b/g) ?? []) if (ISO_CODES.has(word)) return word;
  if (text.includes('€')) return 'EUR';
  if (text.includes('£')) return 'GBP';
  if (text.includes('$')) return (country && LOCAL_DOLLAR[country]) || 'USD';
  return null;
}

function amounts(text: string): number[] {
  const out: number[] = [];
  // 120,000 · 45 000 · 8000.50 · 50k · 1.2m — a suffix only when a letter does not follow (not "5 months").
  const re = /(\d{1,3}(?:[,\u00a0 ]\d{3})+|\d+)(?:\.(\d+))?\s?([kKmM])?(?![A-Za-z\d])/g;
  for (const m of text.matchAll(re)) {
    let value = Number(m[1].replace(/[,\u00a0 ]/g, '') + (m[2] ? `.${m[2]}` : ''));
    if (m[3]?.toLowerCase() === 'k') value *= 1_000;
    if (m[3]?.toLowerCase() === 'm') value *= 1_000_000;
    if (value > 0 && Number.isFinite(value)) out.push(value);
  }
  return out;
}

/**
 * A salary typed as free text, when it names a currency and an amount: "JMD 120,000 per month",
 * "US$45,000/year", "TT$8,000 monthly", "$50k-$60k" (a bare $ is the job country's dollar).
 * Anything else ("Negotiable", "120,000") is null: better no salary in search results than a wrong one.
 */
export function parseSalary(text: string, country?: string): ParsedSalary | null {
  if (!text?.trim()) return null;
  const currency = currencyOf(text, country);
  if (!currency) return null;
  const values = amounts(text).slice(0, 2);
  if (!values.length) return null;
  const unit = UNITS.find(([re]) => re.test(text))?.[1];
  const [a, b] = values;
  const salary: ParsedSalary = { currency, minValue: b === undefined ? a : Math.min(a, b) };
  if (b !== undefined && b !== a) salary.maxValue = Math.max(a, b);
  if (unit) salary.unit = unit;
  return salary;
}

const EMPLOYMENT_TYPES: Record<string, string> = {
  fulltime: 'FULL_TIME',
  parttime: 'PART_TIME',
  contract: 'CONTRACTOR',
  contractor: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  temp: 'TEMPORARY',
  internship: 'INTERN',
  intern: 'INTERN',
  volunteer: 'VOLUNTEER',
  perdiem: 'PER_DIEM',
  other: 'OTHER',
};

/** schema.org's employmentType for ours ("Full-time", "part_time", "Contract"); unknown ones are left out. */
export function employmentTypeOf(value: string | null | undefined): string | undefined {
  return value ? EMPLOYMENT_TYPES[value.toLowerCase().replace(/[^a-z]/g, '')] : undefined;
}

export interface JobPostingSource {
  title: string;
  description: string;
  company: string;
  /** The company the job belongs to (issue 44): its name, page and logo name the hiring organization. */
  companyName?: string | null;
  companySlug?: string | null;
  companyLogoUrl?: string | null;
  country: string;
  address?: string;
  salary?: string;
  /** ISO date-time the job was posted. */
  createdAt: string;
  /** ISO date-time after which the job is gone, when it has one. */
  expiresAt?: string | null;
  employmentType?: string | null;
  /** 'remote' makes it a TELECOMMUTE job. */
  workplace?: string | null;
  /** The structured salary; when absent, the free-text salary is parsed. */
  salaryMin?: number | null;
  salaryMax?: number | null;
  salaryCurrency?: string | null;
  salaryPeriod?: string | null;
}

/** schema.org's QuantitativeValue of the structured salary, or null when none was given. */
function structuredSalary(job: JobPostingSource): ParsedSalary | null {
  const low = job.salaryMin ?? job.salaryMax;
  if (low === null || low === undefined || !job.salaryCurrency) return null;
  const salary: ParsedSalary = { currency: job.salaryCurrency, minValue: low };
  if (job.salaryMax !== null && job.salaryMax !== undefined && job.salaryMax !== low) salary.maxValue = job.salaryMax;
  if (job.salaryPeriod) salary.unit = job.salaryPeriod.toUpperCase() as SalaryUnit;
  return salary;
}

/** The JSON-LD object of a job page (https://developers.google.com/search/docs/appearance/structured-data/job-posting). */
export function jobPostingJsonLd(job: JobPostingSource, url: string): Record<string, unknown> {
  const address: Record<string, string> = { '@type': 'PostalAddress', addressCountry: job.country };
  if (job.address?.trim()) address.streetAddress = job.address.trim();
  const posting: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    datePosted: job.createdAt,
    url,
    hiringOrganization: hiringOrganization(job, url),
    jobLocation: { '@type': 'Place', address },
  };
  if (job.expiresAt) posting.validThrough = job.expiresAt;
  const employmentType = employmentTypeOf(job.employmentType);
  if (employmentType) posting.employmentType = employmentType;
  if (job.workplace === 'remote') {
    posting.jobLocationType = 'TELECOMMUTE';
    // Google asks remote postings where applicants may live: the job's country.
    posting.applicantLocationRequirements = { '@type': 'Country', name: job.country };
  }
  const salary = structuredSalary(job) ?? (job.salary ? parseSalary(job.salary, job.country) : null);
  if (salary) {
    const value: Record<string, unknown> = { '@type': 'QuantitativeValue' };
    if (salary.maxValue === undefined) value.value = salary.minValue;
    else Object.assign(value, { minValue: salary.minValue, maxValue: salary.maxValue });
    if (salary.unit) value.unitText = salary.unit;
    posting.baseSalary = { '@type': 'MonetaryAmount', currency: salary.currency, value };
  }
  return posting;
}

/** The job's company as schema.org Organization: its name, and its page and logo when it has them (absolute, from the job's own URL). */
function hiringOrganization(job: JobPostingSource, url: string): Record<string, string> {
  const organization: Record<string, string> = { '@type': 'Organization', name: job.companyName || job.company };
  // Absolute links need the job's own address; without a readable one the company is named only.
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return organization;
  }
  if (job.companySlug) organization.sameAs = `${origin}/companies/${encodeURIComponent(job.companySlug)}`;
  if (job.companyLogoUrl) organization.logo = new URL(job.companyLogoUrl, origin).toString();
  return organization;
}

/** schema.org Organization for a company's page. */
export function organizationJsonLd(
  company: { name: string; about?: string; website?: string; logoUrl?: string | null; country?: string; foundedYear?: number | null },
  url: string,
): Record<string, unknown> {
  const origin = new URL(url).origin;
  const org: Record<string, unknown> = { '@context': 'https://schema.org/', '@type': 'Organization', name: company.name, url };
  if (company.about) org.description = company.about;
  if (company.website) org.sameAs = [company.website];
  if (company.logoUrl) org.logo = new URL(company.logoUrl, origin).toString();
  if (company.country) org.address = { '@type': 'PostalAddress', addressCountry: company.country };
  if (company.foundedYear) org.foundingDate = String(company.foundedYear);
  return org;
}
