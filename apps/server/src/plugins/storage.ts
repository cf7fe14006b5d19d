import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import path from 'node:path';
import { diskStorage } from '../lib/storage/disk';
import { contentTypeForKey, sniff, type FileKind } from '../lib/storage/file-types';
import type { Storage } from '../lib/storage/storage';
import { HttpError, badRequest } from '../lib/http-error';
import { parseRange } from '../lib/http-range';
import { isContentHashed } from '../lib/images/names';
import { formatBytes } from './errors';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** Areas anyone may read by URL (spec section 3). Application documents are not among them. */
export const PUBLIC_AREAS = new Set(['avatars', 'ads', 'videos', 'consultants']);

export interface UploadedFile {
  data: Buffer;
  ext: string;
  fieldname: string;
}

/** A video may be larger (MAX_VIDEO_MB) than any other upload (MAX_UPLOAD_MB). */
function capOf(request: FastifyRequest, kind: FileKind): number {
  const { maxUploadBytes, maxVideoBytes } = request.server.config;
  return kind === 'video' ? maxVideoBytes : maxUploadBytes;
}

function tooLarge(kind: FileKind, cap: number) {
  const what = kind === 'video' ? 'Video' : 'File';
  return new HttpError(413, `${what} is too large (max ${formatBytes(cap)}).`, kind === 'video' ? 'VIDEO_TOO_LARGE' : 'FILE_TOO_LARGE');
}

/**
 * Reads every file of a multipart request, checking each by content against its field's kind.
 * Answers 413 past the size cap of the field's kind and 415 for a file that is not what its field takes.
 */
export async function readUploads(
  request: FastifyRequest,
  kinds: Record<string, FileKind>,
  invalidMessage: (field: string) => string,
): Promise<{ files: Record<string, UploadedFile>; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new HttpError(415, 'Expected a multipart upload.', 'MULTIPART_EXPECTED');
  const files: Record<string, UploadedFile> = {};
  const fields: Record<string, string> = {};
  const caps = Object.values(kinds).map((kind) => capOf(request, kind));
  const parts = request.parts({ limits: { fileSize: Math.max(request.server.config.maxUploadBytes, ...caps) } });
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const kind = kinds[part.fieldname];
    if (!kind) throw badRequest(`Unexpected file field "${part.fieldname}".`, 'UNEXPECTED_FILE_FIELD');
    const data = await part.toBuffer().catch((err: { code?: string }) => {
      throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge(kind, capOf(request, kind)) : err;
    });
    if (data.length > capOf(request, kind)) throw tooLarge(kind, capOf(request, kind));
    if (data.length === 0) continue;
    const ext = await sniff(data, kind);
    if (!ext) throw new HttpError(415, invalidMessage(part.fieldname), 'UNSUPPORTED_FILE_TYPE');
    files[part.fieldname] = { data, ext, fieldname: part.fieldname };
  }
  return { files, fields };
}

export default fp(
  async (app) => {
    const storage = diskStorage(path.join(app.config.dataDir, 'uploads'));
    app.decorate('storage', storage);
    await app.register(multipart, {
      limits: { fileSize: app.config.maxUploadBytes, files: 4, fields: 20, fieldSize: 64 * 1024 },
      throwFileSizeLimit: true,
    });

    app.get('/api/files/:area/:name', { schema: { hide: true } }, async (request, reply) => {
      const { area, name } = request.params as { area: string; name: string };
      if (!PUBLIC_AREAS.has(area) || !/^[A-Za-z0-9_.-]+$/.test(name)) {
        return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found.' });
      }
      const key = `${area}/${name}`;
      const file = await storage.get(key);
      if (!file) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found.' });
      reply
        .header('content-type', contentTypeForKey(name))
        .header('accept-ranges', 'bytes')
        // A content-hashed name never changes content (lib/images/names.ts).
        .header('cache-control', isContentHashed(name) ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .header('x-content-type-options', 'nosniff');
      // One byte range (a video player seeking): 206 with just those bytes.
      const range = parseRange(request.headers.range, file.size);
      if (range === 'unsatisfiable') {
        file.stream.destroy();
        return reply.code(416).header('content-range', `bytes */${file.size}`).send();
      }
      if (range) {
        file.stream.destroy();
        const part = await storage.get(key, range);
        if (!part) return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found.' });
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(part.stream);
      }
      return reply.header('content-length', file.size).send(file.stream);
    });
  },
  { name: 'storage', dependencies: ['config'] },
);
