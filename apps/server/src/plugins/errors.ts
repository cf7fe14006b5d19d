import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-error';

/** One error shape for every failure: { statusCode, error, message, code? }, message fit for a person. */
export default fp(
  async (app) => {
    app.setErrorHandler((err, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(err)) {
        const first = err.validation[0];
        return reply.code(400).send({
          statusCode: 400,
          error: 'Bad Request',
          message: first?.message ?? 'Invalid request.',
          code: 'VALIDATION_FAILED',
        });
      }
      if (err instanceof HttpError) {
        return reply
          .code(err.statusCode)
          .send({ statusCode: err.statusCode, error: errorName(err.statusCode), message: err.message, code: err.code, field: err.field });
      }
      const e = err as { statusCode?: number; code?: string; message: string };
      if (e.code === 'FST_REQ_FILE_TOO_LARGE') {
        return reply.code(413).send({
          statusCode: 413,
          error: 'Payload Too Large',
          message: `File is too large (max ${formatBytes(app.config.maxUploadBytes)}).`,
          code: 'FILE_TOO_LARGE',
        });
      }
      if (isResponseSerializationError(err)) request.log.error({ err }, 'response did not match its schema');
      const status = e.statusCode && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 500;
      if (status === 500) request.log.error({ err }, 'request failed');
      return reply.code(status).send({
        statusCode: status,
        error: errorName(status),
        message: status === 500 ? 'Something went wrong.' : e.message,
        code: e.code,
      });
    });
  },
  { name: 'errors' },
);

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

function errorName(status: number): string {
  const names: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    422: 'Unprocessable Entity',
    429: 'Too Many Requests',
  };
  return names[status] ?? 'Internal Server Error';
}
