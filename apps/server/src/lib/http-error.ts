/**
 * An error whose message is safe to show to the person who made the request. Every one carries a
 * stable `code` (SCREAMING_SNAKE): the web app shows the text its catalog holds for that code, in the
 * reader's language, and falls back to the English message.
 */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public code: string,
    /** The request field at fault (a multipart file field, say), so the UI can say which. */
    public field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new HttpError(400, message, code);
export const unauthorized = (message = 'You must be signed in.', code = 'UNAUTHENTICATED') => new HttpError(401, message, code);
export const forbidden = (message = 'You are not allowed to do that.', code = 'FORBIDDEN') => new HttpError(403, message, code);
export const notFound = (message = 'Not found.', code = 'NOT_FOUND') => new HttpError(404, message, code);
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, message, code);
export const tooManyRequests = (message: string, code = 'RATE_LIMITED') => new HttpError(429, message, code);
