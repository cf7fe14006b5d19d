import { z } from './zod';
import { text } from './text.schema';

/** What can be reported. Profiles and consultant cards are named by their person's id, a company by its id. */
export const REPORT_ITEM_TYPES = ['job', 'ad', 'consultant', 'profile', 'message', 'company'] as const;
export type ReportItemType = (typeof REPORT_ITEM_TYPES)[number];
export const REPORT_REASONS = ['scam', 'fake', 'offensive', 'spam', 'discrimination', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_NOTE_MAX = 500;
/** Open reports from this many distinct people hide an item until an admin decides. */
export const REPORTS_TO_HIDE = 3;

export const createReportBody = z.object({
  itemType: z.enum(REPORT_ITEM_TYPES),
  itemId: z.string().min(1).max(100),
  reason: z.enum(REPORT_REASONS, { message: 'Choose a reason.' }),
  note: text()
    .trim()
    .max(REPORT_NOTE_MAX, { message: `A note must be at most ${REPORT_NOTE_MAX} characters.` })
    .optional()
    .transform((v) => (v ? v : null)),
});
export type CreateReportBody = z.input<typeof createReportBody>;
/** All a reporter learns: their report was received (never others' reports, nor whether it hid the item). */
export const reportReceived = z.object({ received: z.literal(true) });

export const moderationReport = z.object({ reason: z.enum(REPORT_REASONS), note: z.string().nullable(), createdAt: z.string() });
export const moderationItem = z.object({
  itemType: z.enum(REPORT_ITEM_TYPES),
  itemId: z.string(),
  /** The job's or ad's title, the person's name, the company's name, or the message's text (cut). */
  label: z.string(),
  /** A reported company's current slug (its page's address), null for other items or a company deleted since. */
  slug: z.string().nullable().default(null),
  ownerId: z.string(),
  ownerEmail: z.string(),
  ownerName: z.string(),
  /** 'hidden' by reports, 'removed' by an admin, or null while still listed. */
  hold: z.enum(['hidden', 'removed']).nullable(),
  reports: z.array(moderationReport),
  latestAt: z.string(),
});
export type ModerationItem = z.infer<typeof moderationItem>;
export const moderationQuery = z.object({
  /** open: items with open reports; removed: items an admin removed (to restore). */
  status: z.enum(['open', 'removed']).default('open'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const moderationCount = z.object({ count: z.number().int() });
export const moderationItemParams = z.object({ itemType: z.enum(REPORT_ITEM_TYPES), itemId: z.string().min(1).max(100) });
export const MODERATION_ACTIONS = ['dismiss', 'remove', 'restore', 'warn', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_MESSAGE_MAX = 1000;
export const moderationActionBody = z.object({
  /** Why, in the admin's words: sent to the owner with Remove, Warn and Suspend. */
  message: text()
    .trim()
    .max(MODERATION_MESSAGE_MAX, { message: `A message must be at most ${MODERATION_MESSAGE_MAX} characters.` })
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ModerationActionBody = z.input<typeof moderationActionBody>;
export const moderationActionResult = z.object({ itemType: z.enum(REPORT_ITEM_TYPES), itemId: z.string(), action: z.enum(MODERATION_ACTIONS) });

export const verifiedEmployerBody = z.object({ verified: z.boolean() });
export const verifiedEmployer = z.object({ userId: z.string(), verified: z.boolean() });

export const blockBody = z.object({ userId: z.string().min(1).max(64) });
export const blockedPerson = z.object({ userId: z.string(), fullName: z.string(), avatarUrl: z.string().nullable(), blockedAt: z.string() });
export type BlockedPerson = z.infer<typeof blockedPerson>;
export const blockState = z.object({ userId: z.string(), blocked: z.boolean() });

/**
 * An admin's removal of someone's job or ad, from /admin, the moderation queue or the listing's own
 * DELETE (issue 48, item 3; decision 0069): the reason is required, sent to the owner and audited.
 */
export const listingRemovalBody = z.object({
  reason: text()
    .trim()
    .min(1, { message: 'Please give a reason for the owner.' })
    .max(MODERATION_MESSAGE_MAX, { message: `A reason must be at most ${MODERATION_MESSAGE_MAX} characters.` }),
});
export type ListingRemovalBody = z.input<typeof listingRemovalBody>;
/** DELETE /api/jobs/{id} and /api/ads/{id}: the owner sends nothing; an admin removing another's listing sends the reason. */
export const listingDeleteBody = z
  .object({
    reason: text()
      .trim()
      .max(MODERATION_MESSAGE_MAX, { message: `A reason must be at most ${MODERATION_MESSAGE_MAX} characters.` })
      .optional(),
  })
  .nullish();
