/** An error whose message is safe to show to the person who made the request. */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
export const unauthorized = (message = 'You must be signed in.') => new HttpError(401, message, 'UNAUTHENTICATED');
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, message, 'FORBIDDEN');
export const notFound = (message = 'Not found.') => new HttpError(404, message, 'NOT_FOUND');
export const conflict = (message: string, code?: string) => new HttpError(409, message, code);
