import { z } from 'zod';

/** Every 4xx/5xx from our API has this shape, so the UI can show `message` as is. */
export const errorResponse = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
