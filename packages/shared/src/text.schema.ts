import { z } from './zod';

export const NUL_FREE_MESSAGE = 'Text cannot contain NUL characters.';

/**
 * A string PostgreSQL can store: no NUL (U+0000), which text columns refuse. Chain the usual
 * checks after it: `text().trim().min(1).max(200)`. The server also refuses NUL on every route.
 */
export const text = (message = NUL_FREE_MESSAGE) => z.string().refine((s) => !s.includes('\0'), { message });
