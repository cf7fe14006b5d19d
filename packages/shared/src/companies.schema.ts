import { z } from './zod';
import { page, pageQuery } from './common.schema';
import { searchFold } from './search-fold';
import { COUNTRIES } from './constants/countries';

/** A member's role in a company (issue 44): owner (everything, the team too), recruiter (the jobs and applicants), viewer (reads). */
export const COMPANY_ROLES = ['owner', 'recruiter', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const COMPANY_SIZE_BANDS = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1001+'] as const;
export type CompanySizeBand = (typeof COMPANY_SIZE_BANDS)[number];

export const COMPANY_NAME_MAX = 200;
export const COMPANY_ABOUT_MAX = 5000;
export const COMPANIES_PAGE_SIZE = 20;

/** Words that are never a slug (they are, or may become, addresses under /companies). */
export const RESERVED_COMPANY_SLUGS = [
  'new',
  'admin',
  'api',
  'edit',
  'settings',
  'team',
  'search',
  'companies',
  'assets',
  'static',
  'invitations',
  'follow',
] as const;

/**
 * A name's readable ASCII slug base ("Café Créole Ltd" → cafe-creole-ltd), as the database's
 * company_slug_base() (migration 0028) makes it: folded as search is, anything but letters and
 * digits one dash, at most 60 characters, "company" when nothing is left. Reserved words take
 * "-company"; a collision gets -2, -3… (the server, which knows the taken ones).
 */
export function companySlugBase(name: string): string {
  const base =
    searchFold(name)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/^-+|-+$/g, '') || 'company';
  return (RESERVED_COMPANY_SLUGS as readonly string[]).includes(base) ? `${base}-company` : base;
}

/** The company name asked at an employer's sign-up. */
export const companyNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'Company name is required.' })
  .max(COMPANY_NAME_MAX, { message: `Company name must be at most ${COMPANY_NAME_MAX} characters.` })
  .refine((s) => !/[\p{Cc}\u2028\u2029]/u.test(s), { message: 'Company name cannot contain control characters.' });

/** A company as anyone reads it (the public page; suspended companies are not found). */
export const company = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  about: z.string(),
  website: z.string(),
  sizeBand: z.string().nullable(),
  industry: z.string().nullable(),
  country: z.string(),
  hiresIn: z.array(z.string()),
  foundedYear: z.number().int().nullable(),
  logoUrl: z.string().nullable(),
  verified: z.boolean(),
  openJobs: z.number().int(),
  /** The caller's role in this company, null for everyone else. */
  myRole: z.enum(COMPANY_ROLES).nullable(),
  /** Shown to the company's own team only (null for everyone else). */
  followers: z.number().int().nullable(),
});
export type Company = z.infer<typeof company>;

/** A card of the directory. */
export const companySummary = company.pick({ id: true, slug: true, name: true, country: true, industry: true, logoUrl: true, verified: true, openJobs: true });
export type CompanySummary = z.infer<typeof companySummary>;
export const companyPage = page(companySummary);
export type CompanyPage = z.infer<typeof companyPage>;

/** GET /api/companies: the directory, by open jobs (most first), then name. */
export const companyListQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  country: z.string().trim().max(100).optional(),
  industry: z.string().trim().max(100).optional(),
});
export type CompanyListQuery = z.input<typeof companyListQuery>;

export const slugParam = z.object({ slug: z.string().max(200) });

/** The caller's own company (the employer's dashboard and settings). */
export const myCompany = company.extend({ myRole: z.enum(COMPANY_ROLES) });
export type MyCompany = z.infer<typeof myCompany>;

/** A member of the caller's company. */
export const companyMember = z.object({ userId: z.string(), fullName: z.string(), email: z.string(), role: z.enum(COMPANY_ROLES), createdAt: z.string() });
export type CompanyMember = z.infer<typeof companyMember>;

const COUNTRY_FROM_LIST = 'Please select a country from the list.';
const isCountry = (s: string) => (COUNTRIES as readonly string[]).includes(s);

const blankToNull = (v: unknown) => (v === '' ? null : v);

/** PATCH /api/companies/mine (owners): the company's details. Unknown fields (an id, a role) are dropped. */
export const companyUpdate = z
  .object({
    name: companyNameSchema,
    about: z
      .string()
      .trim()
      .max(COMPANY_ABOUT_MAX, { message: `About must be at most ${COMPANY_ABOUT_MAX} characters.` }),
    website: z
      .string()
      .trim()
      .max(300, { message: 'Website must be at most 300 characters.' })
      .refine((s) => s === '' || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(s), { message: 'Please enter a website address starting with https://.' }),
    sizeBand: z.preprocess(blankToNull, z.enum(COMPANY_SIZE_BANDS, { message: 'Please select a company size from the list.' }).nullable()),
    industry: z.preprocess(blankToNull, z.string().trim().max(100, { message: 'Industry must be at most 100 characters.' }).nullable()),
    // Blank: not said (a company made from a profile without a country); else one of the list.
    country: z
      .string()
      .trim()
      .refine((s) => s === '' || isCountry(s), { message: COUNTRY_FROM_LIST }),
    hiresIn: z.array(z.string().trim().refine(isCountry, { message: COUNTRY_FROM_LIST })).max(40, { message: 'Choose at most 40 countries.' }),
    foundedYear: z.preprocess(
      blankToNull,
      z.coerce
        .number({ message: 'Founded year must be a year.' })
        .int({ message: 'Founded year must be a year.' })
        .min(1600, { message: 'Founded year must be a year.' })
        .max(2100, { message: 'Founded year must be a year.' })
        .nullable(),
    ),
  })
  .partial();
export type CompanyUpdate = z.input<typeof companyUpdate>;

export const memberParam = z.object({ userId: z.string().max(100) });
export const memberRoleBody = z.object({ role: z.enum(COMPANY_ROLES, { message: 'Please select a role from the list.' }) });
export const companyMembers = z.array(companyMember);

/** POST /api/companies/mine/invitations (owners). */
export const invitationInput = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Please enter a valid email address.' })),
  role: z.enum(COMPANY_ROLES, { message: 'Please select a role from the list.' }),
});
export type InvitationInput = z.input<typeof invitationInput>;

/** An invitation as its company's owners list it. */
export const companyInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  expiresAt: z.string(),
  createdAt: z.string(),
  accepted: z.boolean(),
});
export type CompanyInvitation = z.infer<typeof companyInvitation>;
export const companyInvitations = z.array(companyInvitation);

/** GET /api/invitations/{token}: what the link's page shows before someone accepts or signs up. */
export const invitationView = z.object({
  companyName: z.string(),
  companySlug: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  expiresAt: z.string(),
});
export const tokenParam = z.object({ token: z.string().max(200) });
export const acceptedInvitation = z.object({ companySlug: z.string(), role: z.enum(COMPANY_ROLES) });

/** PUT /api/companies/{slug}/follow: follow, with or without an email for each new job. */
export const followBody = z.object({ email: z.boolean().default(false) });
export const followState = z.object({ following: z.boolean(), email: z.boolean() });
/** PATCH /api/admin/companies/{id} (admins): suspend or lift, verify or not. */
export const companyModeration = z.object({ suspended: z.boolean().optional(), verified: z.boolean().optional() });

/** GET /api/admin/companies (admins): every company, suspended ones too, by name; search by name. */
export const adminCompanyQuery = pageQuery.extend({ q: z.string().trim().max(100).optional() });
export const adminCompany = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  country: z.string(),
  verified: z.boolean(),
  suspended: z.boolean(),
  openJobs: z.number().int(),
  members: z.array(companyMember.pick({ userId: true, fullName: true, email: true, role: true })),
});
export type AdminCompany = z.infer<typeof adminCompany>;
export const adminCompanyPage = page(adminCompany);
