import { z } from './zod';
import { text } from './text.schema';

export const FEEDBACK_MESSAGE_MAX = 5000;

export const createFeedbackBody = z.object({
  name: text()
    .trim()
    .max(120)
    .optional()
    .transform((v) => (v ? v : null)),
  message: text()
    .trim()
    .min(1, { message: 'Message cannot be empty.' })
    .max(FEEDBACK_MESSAGE_MAX, { message: `Message must be at most ${FEEDBACK_MESSAGE_MAX} characters.` }),
});
export type CreateFeedbackBody = z.input<typeof createFeedbackBody>;

export const feedbackItem = z.object({
  id: z.string(),
  name: z.string().nullable(),
  message: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;
