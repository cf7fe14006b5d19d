import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorResponse } from '@caribconnect/shared';
import { HttpError } from '../lib/http-error';

/**
 * What a page form's failure hands the page it re-renders (the web app's `FormEcho`,
 * apps/web/src/lib/form-post.ts): the API-shaped error the screen turns into the reader's language,
 * and what the person typed, so nothing but the password has to be typed again.
 */
export interface FormEcho {
  status: number;
  error: { message: string; code?: string; field?: string };
  values: Record<string, string>;
}

/** Renders the page at the request's URL with a form's failure (set by plugins/web.ts). */
export type FormPageRenderer = (request: FastifyRequest, reply: FastifyReply, echo: FormEcho) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    pageForms: { render: FormPageRenderer | null };
  }
}

/** A page form's urlencoded body: short text fields only (a page form never carries a file this way). */
export const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Lets one encapsulated scope read `application/x-www-form-urlencoded` bodies: the page form handlers
 * (POST /login, /signup, /forgot-password, /feedback) and nothing else. The API stays JSON and
 * multipart only (decision 0005); these routes still need our Origin (plugins/security.ts).
 */
export function acceptFormBodies(scope: FastifyInstance) {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    // The first value of a repeated name wins, as a form never repeats these.
    for (const [name, value] of new URLSearchParams(body as string)) if (!(name in fields)) fields[name] = value;
    done(null, fields);
  });
}

/** Any form body: each handler validates its fields with the shared schema and re-renders the page on failure. */
export const formBody = z.record(z.string(), z.string());
/**
 * A page form answers with a redirect (303), or with the page again as HTML (sent as text, which the
 * serializer leaves alone); refusals before the handler (Origin, body) are the API's JSON errors.
 */
export const formResponse = { 303: z.null(), '4xx': errorResponse };

/** The answer to a successful page form: the browser follows with a GET (Post/Redirect/Get). */
export function seeOther(reply: FastifyReply, location: string) {
  return reply.header('cache-control', 'no-store').redirect(location, 303);
}

/** Only a path of ours: never `//host` or an absolute URL (the web app's `safeReturnTo`). */
export function safeReturnTo(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}

/**
 * Runs a page form's action, whose answer is where to go next (303); an HttpError (refused, invalid, rate-limited) re-renders the page with
 * its message and the kept values, with the error's status. Anything else is a bug and goes to the
 * error handler as usual.
 */
export async function runPageForm(
  request: FastifyRequest,
  reply: FastifyReply,
  /** What was typed, to keep (read when the page is re-rendered: a multipart form fills it as it is read). */
  values: Record<string, string> | (() => Record<string, string>),
  action: () => Promise<string>,
): Promise<FastifyReply> {
  // The handler answers with the reply itself: Fastify then knows it is sent (or being sent) here.
  try {
    const location = await action();
    return seeOther(reply, location);
  } catch (caught) {
    const err = asHttpError(caught);
    if (!err) throw caught;
    const kept = typeof values === 'function' ? values() : values;
    const echo: FormEcho = { status: err.statusCode, error: { message: err.message, code: err.code, field: err.field }, values: kept };
    const render = request.server.pageForms.render;
    void reply.header('cache-control', 'no-store');
    // Without the web app's server build (the dev loop, API-only tests) the error goes out as the API's.
    if (!render) return reply.code(err.statusCode).send({ statusCode: err.statusCode, error: 'Form failed', message: err.message, code: err.code });
    await render(request, reply, echo);
    return reply;
  }
}

/** Our refusals, and the multipart parser's own 4xx (a file past its cap), as one kind. */
function asHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  const e = err as { statusCode?: number; code?: string; message?: string } | null;
  if (!e?.statusCode || e.statusCode < 400 || e.statusCode >= 500) return null;
  // The parser's own code for a file past the cap is the one our errors plugin answers it with.
  const code = e.code === 'FST_REQ_FILE_TOO_LARGE' ? 'FILE_TOO_LARGE' : (e.code ?? 'BAD_REQUEST');
  return new HttpError(e.statusCode, e.message ?? 'Request refused.', code);
}

/** Holds the page renderer, which plugins/web.ts sets once the web app's build is loaded. */
export default fp(
  async (app) => {
    app.decorate('pageForms', { render: null });
  },
  { name: 'page-forms' },
);
