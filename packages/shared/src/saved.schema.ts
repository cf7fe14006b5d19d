import { z } from './zod';
import { page, pageQuery } from './common.schema';
import { SAVED_KINDS } from './constants/saved-kinds';

export { SAVED_KINDS, type SavedKind } from './constants/saved-kinds';

/** Save or unsave one job or ad. A malformed id is answered like an unknown one (404). */
export const savedItemParams = z.object({ kind: z.enum(SAVED_KINDS), id: z.string().max(100) });

/**
 * Why a saved item can no longer be opened: deleted by its owner or an admin, or hidden (awaiting
 * payment, or its owner suspended). Null while it can be opened.
 */
export const SAVED_GONE_REASONS = ['deleted', 'hidden'] as const;

export const savedItem = z.object({
  kind: z.enum(SAVED_KINDS),
  id: z.string(),
  /** The title now, or the one it had when saved once it is deleted. */
  title: z.string(),
  /** A job's company and country; an ad's category (empty when gone). */
  detail: z.string(),
  savedAt: z.string(),
  gone: z.enum(SAVED_GONE_REASONS).nullable(),
});
export type SavedItem = z.infer<typeof savedItem>;

export const savedPage = page(savedItem);
export type SavedPage = z.infer<typeof savedPage>;
export const savedListQuery = pageQuery;

/** Which of these items the caller saved (the heart's state on cards of a list page). */
export const savedIdsQuery = z.object({ kind: z.enum(SAVED_KINDS), ids: z.string().max(2000).optional() });
export const savedIds = z.object({ ids: z.array(z.string()) });

export const savedState = z.object({ saved: z.boolean() });
