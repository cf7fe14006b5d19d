import fp from 'fastify-plugin';
import multipart, { type MultipartFile } from '@fastify/multipart';
import path from 'node:path';
import { diskStorage } from '../lib/storage/disk';
import { contentTypeForKey, sniff, type FileKind } from '../lib/storage/file-types';
import type { Storage } from '../lib/storage/storage';
import { createFileSweeper, type FileSweeper } from '../lib/storage/sweep';
import { HttpError, badRequest } from '../lib/http-error';
import type { FastifyRequest } from 'fastify';
import { formatBytes } from './errors';
import { hasNul, NUL_MESSAGE } from './input';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    /**
     * The sweep of files no row points to (lib/storage/sweep.ts). A domain that stores files calls
     * `app.fileSweep.register(area, keys => referencedKeys)` for each area it writes; server.ts
     * starts it (at start-up, then hourly); tests call `run()`.
     */
    fileSweep: FileSweeper;
  }
}

/** Areas anyone may read by URL (spec section 3). Application documents are not among them. */
export const PUBLIC_AREAS = new Set(['avatars', 'ads', 'videos', 'consultants']);

export interface UploadedFile {
  data: Buffer;
  ext: string;
  fieldname: string;
}

/**
 * Reads every file of a multipart request, checking each by content against its field's kind.
 * Answers 413 past the size cap and 415 for a file that is not what its field takes.
 */
export async function readUploads(
  request: FastifyRequest,
  kinds: Record<string, FileKind>,
  invalidMessage: (field: string) => string,
): Promise<{ files: Record<string, UploadedFile>; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new HttpError(415, 'Expected a multipart upload.', 'MULTIPART_EXPECTED');
  // Without a boundary the parser finds no parts and reports nothing: an empty upload, not an error.
  if (!/;\s*boundary=("[^"]+"|[^\s;]+)/i.test(request.headers['content-type'] ?? '')) throw invalidMultipart();
  const files: Record<string, UploadedFile> = {};
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (hasNul(part.fieldname)) throw badRequest(NUL_MESSAGE, 'INVALID_TEXT');
      if (part.type === 'field') {
        const value = String(part.value);
        if (hasNul(value)) throw badRequest(NUL_MESSAGE, 'INVALID_TEXT');
        fields[part.fieldname] = value;
        continue;
      }
      const kind = kinds[part.fieldname];
      if (!kind) throw badRequest(`Unexpected file field "${part.fieldname}".`, 'UNEXPECTED_FILE_FIELD');
      const data = await readPart(part, request.server.config.maxUploadBytes);
      if (data.length === 0) continue;
      const ext = await sniff(data, kind);
      if (!ext) throw new HttpError(415, invalidMessage(part.fieldname), 'UNSUPPORTED_FILE_TYPE', part.fieldname);
      files[part.fieldname] = { data, ext, fieldname: part.fieldname };
    }
  } catch (err) {
    // Our own answers and the multipart plugin's limits (413) carry a status; what is left is the
    // parser choking on a body that is not multipart at all (no boundary, cut short, garbage).
    const status = (err as { statusCode?: number }).statusCode;
    if (err instanceof HttpError || (status && status >= 400 && status < 500)) throw err;
    throw invalidMultipart();
  }
  return { files, fields };
}

const invalidMultipart = () => badRequest('The upload could not be read. Please try again.', 'INVALID_MULTIPART');

/** A file part's bytes; past the cap, a 413 that names the field, so a form with two files can say which. */
async function readPart(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
    throw new HttpError(413, `File is too large (max ${formatBytes(maxBytes)}).`, 'FILE_TOO_LARGE', part.fieldname);
  }
}

export default fp(
  async (app) => {
    const storage = diskStorage(path.join(app.config.dataDir, 'uploads'));
    app.decorate('storage', storage);
    const fileSweep = createFileSweeper({ storage, log: app.log });
    app.decorate('fileSweep', fileSweep);
    app.addHook('onClose', () => fileSweep.stop());
    await app.register(multipart, {
      limits: { fileSize: app.config.maxUploadBytes, files: 4, fields: 20, fieldSize: 64 * 1024 },
      throwFileSizeLimit: true,
    });

    app.get('/api/files/:area/:name', { schema: { hide: true } }, async (request, reply) => {
      const { area, name } = request.params as { area: string; name: string };
      // A name is one path segment: no dot-segments, nothing a file system would refuse as too long.
      if (!PUBLIC_AREAS.has(area) || !/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,199}$/.test(name) || name.includes('..')) {
        return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found.' });
      }
      const file = await storage.get(`${area}/${name}`);
      if (!file) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found.' });
      return reply
        .header('content-type', contentTypeForKey(name))
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    });
  },
  { name: 'storage', dependencies: ['config'] },
);
