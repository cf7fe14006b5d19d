import { z } from 'zod';
import { LANGUAGE_CODES } from './constants/languages';

/** One of the six languages, as the server saves it and every request that sets it sends it. */
export const languageCode = z.enum(LANGUAGE_CODES);
