import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error';

/** Deeper than any body we accept; deep enough to hold anything a person sends. */
export const MAX_JSON_DEPTH = 32;
export const NUL_MESSAGE = 'Text cannot contain NUL characters.';
export const UNPAIRED_SURROGATE_MESSAGE = 'Text cannot contain broken characters (unpaired surrogates).';

/**
 * Input hygiene every route gets, present and future:
 * - A body is JSON or multipart (storage.ts); anything else, text/plain included, is 415.
 * - JSON nested deeper than MAX_JSON_DEPTH is refused (400) while parsing: code that walks or
 *   re-serialises a body recursively (better-auth's bridge does) would overflow the stack on it.
 * - A NUL character or an unpaired surrogate in a path parameter, query value or body string is
 *   refused (400 INVALID_TEXT) before validation: PostgreSQL cannot store NUL in text, and its jsonb
 *   parser refuses the `\ud800` escape JSON.stringify writes for a lone surrogate, so either would
 *   fail the request with a 500 (a text column would silently store U+FFFD instead).
 *   Multipart fields are checked where they are read (readUploads), and JSON carried inside one
 *   where it is decoded (jsonField), with the same check (assertText).
 */
export default fp(
  async (app) => {
    // Bodies are JSON or multipart (decision 0005). Fastify's default text/plain parser would let a
    // body through that a cross-site form or fetch sends without a preflight; without a parser it
    // is 415 before any handler runs. Only that one goes: a route may still register its own parser.
    app.removeContentTypeParser('text/plain');

    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      parseJson(request, body as string, (err: Error | null, value?: unknown) => {
        if (err) return done(err, undefined);
        if (depthOf(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
          return done(badRequest(`The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`, 'JSON_TOO_DEEP'), undefined);
        }
        done(null, value);
      });
    });

    app.addHook('preValidation', async (request) => {
      assertText(request.params);
      assertText(request.query);
      assertText(request.body);
    });
  },
  { name: 'input' },
);

/** Depth of nested objects/arrays, without recursion; stops counting once past `cap`. */
function depthOf(value: unknown, cap: number): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > max) max = d + 1;
    if (max > cap) return max;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

/**
 * Throws 400 INVALID_TEXT when any string (value or key) inside contains U+0000 or an unpaired
 * surrogate. Without recursion: bodies are depth-capped above, decoded form fields are not.
 */
export function assertText(value: unknown): void {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      checkString(v);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        checkString(k);
        stack.push(child);
      }
    }
  }
}

/** In a `u` regex a proper pair is one code point, so only a surrogate standing alone matches. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

function checkString(s: string): void {
  if (s.includes('\0')) throw badRequest(NUL_MESSAGE, 'INVALID_TEXT');
  if (UNPAIRED_SURROGATE.test(s)) throw badRequest(UNPAIRED_SURROGATE_MESSAGE, 'INVALID_TEXT');
}
