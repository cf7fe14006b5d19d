import { z } from './zod';

/** Every 4xx/5xx from our API has this shape: `code` is what the UI translates, `message` the English fallback. */
export const errorResponse = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  /** The field at fault, when one is (e.g. which of two uploaded files was too large). */
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
