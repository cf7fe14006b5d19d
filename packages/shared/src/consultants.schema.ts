import { z } from './zod';
import { emailSchema } from './auth.schema';
import { page, pageQuery } from './common.schema';
import { CARIBBEAN_COUNTRIES } from './constants/caribbean';
import { SPECIALTIES } from './constants/specialties';

export const CONSULTANTS_PAGE_SIZE = 12;

const required = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: `${label} is required.` })
    .max(max, { message: `${label} must be at most ${max} characters.` });
const optional = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters.` })
    .default('');

/**
 * What a person may write on their own consultant record (spec section 5, Consultant setup). The
 * user id, email, rating and review count are never taken from a request: the server ignores them.
 */
export const consultantInput = z.object({
  fullName: required('Full name', 120),
  contactInfo: required('Contact info', 200),
  country: z.enum(CARIBBEAN_COUNTRIES, { message: 'Please select a country from the list.' }),
  specialty: z.enum(SPECIALTIES, { message: 'Please select a specialty.' }),
  phone: optional('Phone', 40),
  bio: optional('Bio', 1000),
});
export type ConsultantInput = z.input<typeof consultantInput>;

/** 'Complete Your Consultant Profile' (/consultant-profile): phone required. */
export const consultantPhoneForm = consultantInput.extend({ phone: required('Phone', 40) });
/** 'Complete Consultant Profile' (/consultant-form): a short bio instead of the phone, required. */
export const consultantBioForm = consultantInput.extend({ bio: required('Bio', 1000) });

/** A directory card. Email and phone are empty for anonymous visitors (docs/decisions/0006). */
export const consultantCard = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  specialty: z.string(),
  contactInfo: z.string(),
  bio: z.string(),
  photoUrl: z.string().nullable(),
  /** The same photo at half the size, for small avatars (srcset). */
  photoSmallUrl: z.string().nullable(),
  /** 0 to 5, two decimals; 0 with reviewCount 0 means no reviews yet. */
  rating: z.number(),
  reviewCount: z.number(),
  createdAt: z.string(),
});
export type ConsultantCard = z.infer<typeof consultantCard>;

export const consultantPage = page(consultantCard);
export type ConsultantPage = z.infer<typeof consultantPage>;

/** Your own record, with the dashboard's count of requests you have not seen yet. */
export const myConsultant = consultantCard.extend({ newRequestCount: z.number() });
export type MyConsultant = z.infer<typeof myConsultant>;

const filterText = z.string().trim().max(100).optional();

/** Search matches name or specialty (substring, any case); specialty and country are exact. */
export const consultantListQuery = z
  .object({ q: filterText, specialty: filterText, country: filterText })
  .extend(pageQuery.shape)
  .extend({ limit: pageQuery.shape.limit.default(CONSULTANTS_PAGE_SIZE) });
export type ConsultantListQuery = z.input<typeof consultantListQuery>;

export const consultantParams = z.object({ userId: z.string().min(1).max(64) });

/** Contact a Consultant: all four fields required, email format (spec section 5). */
export const contactRequestInput = z.object({
  fullName: required('Your full name', 120),
  email: emailSchema,
  phone: required('Phone number', 40),
  message: required('Message', 2000),
});
export type ContactRequestInput = z.input<typeof contactRequestInput>;

export const clientRequest = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** The consultant contacted: shown on the all-requests list. */
  consultantId: z.string(),
  consultantName: z.string(),
});
export type ClientRequest = z.infer<typeof clientRequest>;
export const clientRequestPage = page(clientRequest);
export type ClientRequestPage = z.infer<typeof clientRequestPage>;

export const REVIEW_COMMENT_MAX = 500;

export const reviewInput = z.object({
  rating: z
    .number({ message: 'Please choose 1 to 5 stars.' })
    .int({ message: 'Please choose 1 to 5 stars.' })
    .min(1, { message: 'Please choose 1 to 5 stars.' })
    .max(5, { message: 'Please choose 1 to 5 stars.' }),
  comment: required('Review', REVIEW_COMMENT_MAX),
});
export type ReviewInput = z.input<typeof reviewInput>;

export const review = z.object({
  id: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  rating: z.number(),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof review>;
export const reviewPage = page(review);
export type ReviewPage = z.infer<typeof reviewPage>;

/** One consultant, with what the viewer may do: contact them, and review them once they have. */
export const consultantDetail = consultantCard.extend({
  viewer: z.object({
    isSelf: z.boolean(),
    hasRequested: z.boolean(),
    canReview: z.boolean(),
    myReview: review.nullable(),
  }),
});
export type ConsultantDetail = z.infer<typeof consultantDetail>;

/** The newest request the consultant has been shown: it and older ones stop counting as new. */
export const markRequestsSeenInput = z.object({ until: z.iso.datetime({ message: 'Invalid time.' }) });
export type MarkRequestsSeenInput = z.infer<typeof markRequestsSeenInput>;
