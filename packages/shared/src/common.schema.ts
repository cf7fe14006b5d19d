import { z } from './zod';

/**
 * A path id. Any short string: a malformed id is answered like an unknown one (404 with the
 * domain's own "not found" message), never as a validation error.
 */
export const idParam = z.object({ id: z.string().max(100) });

/** Keyset paging of every list: an opaque cursor from the previous page's nextCursor. */
export const pageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type PageQuery = z.input<typeof pageQuery>;

/** One page of a keyset-paginated list. */
export const page = <T extends z.ZodTypeAny>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export type Page<T> = { items: T[]; nextCursor: string | null };
