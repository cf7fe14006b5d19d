import fp from 'fastify-plugin';
import { badRequest } from '../lib/http-error';

/** Deeper than any body we accept; deep enough to hold anything a person sends. */
export const MAX_JSON_DEPTH = 32;
export const NUL_MESSAGE = 'Text cannot contain NUL characters.';

/**
 * Input hygiene every route gets, present and future:
 * - JSON nested deeper than MAX_JSON_DEPTH is refused (400) while parsing: code that walks or
 *   re-serialises a body recursively (better-auth's bridge does) would overflow the stack on it.
 * - A NUL character in a path parameter, query value or body string is refused (400 INVALID_TEXT)
 *   before validation: PostgreSQL cannot store it in text and would fail the request with a 500.
 *   Multipart text fields are checked where they are read (readUploads).
 */
export default fp(
  async (app) => {
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
      if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) throw badRequest(NUL_MESSAGE, 'INVALID_TEXT');
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

/** True when any string (value or key) inside contains U+0000. Bodies are depth-capped above. */
export function hasNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\0')) return true;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\0')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}
