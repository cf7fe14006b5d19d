import fp from 'fastify-plugin';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openStorage } from '../lib/storage/open';
import { contentTypeForKey, sniff, type FileKind } from '../lib/storage/file-types';
import type { Storage } from '../lib/storage/storage';
import { createFileSweeper, type FileSweeper } from '../lib/storage/sweep';
import { HttpError, badRequest } from '../lib/http-error';
import { parseRange } from '../lib/http-range';
import { isContentHashed } from '../lib/images/names';
import { deriveMissingVariant } from '../lib/images/derived';
import type { FastifyRequest } from 'fastify';
import { formatBytes } from './errors';
import { assertText } from './input';

declare module './queue' {
  interface JobKinds {
    'file-sweep': Record<string, never>;
  }
}

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
export const PUBLIC_AREAS = new Set(['avatars', 'ads', 'videos', 'consultants', 'logos']);

/**
 * An uploaded file, written to a temporary file under DATA_DIR as it arrived, counted against its
 * cap on the way and then sniffed from the file, so it never sits whole in memory (decisions 0035, 0050). Pictures are
 * processed from it (lib/images), documents and videos stored from it with `storage.putFile` (a
 * rename on disk, a streamed PutObject on S3). The file is removed once the request is answered.
 */
export interface UploadedFile {
  path: string;
  size: number;
  /** Hex sha256 of the whole file, computed while it streamed (content-hashed names). */
  sha256: string;
  ext: string;
  fieldname: string;
}

const SPOOL_DIR = 'tmp-uploads';
const spooledOf = new WeakMap<FastifyRequest, string[]>();

/** A video may be larger (MAX_VIDEO_MB) than any other upload (MAX_UPLOAD_MB). */
function capOf(request: FastifyRequest, kind: FileKind): number {
  const { maxUploadBytes, maxVideoBytes } = request.server.config;
  return kind === 'video' ? maxVideoBytes : maxUploadBytes;
}

/** Past the cap of its kind; names the field, so a form with two files can say which. */
function tooLarge(kind: FileKind, cap: number, field: string) {
  const what = kind === 'video' ? 'Video' : 'File';
  return new HttpError(413, `${what} is too large (max ${formatBytes(cap)}).`, kind === 'video' ? 'VIDEO_TOO_LARGE' : 'FILE_TOO_LARGE', field);
}

/**
 * Reads every file of a multipart request, checking each by content against its field's kind.
 * Answers 413 past the size cap of the field's kind and 415 for a file that is not what its field takes.
 * Nothing reaches storage here: the caller stores what it keeps once the rest of the form is checked.
 */
export async function readUploads(
  request: FastifyRequest,
  kinds: Record<string, FileKind>,
  invalidMessage: (field: string) => string,
  /** Filled as the text parts are read, so a caller still has them when a later file is refused. */
  fields: Record<string, string> = {},
): Promise<{ files: Record<string, UploadedFile>; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new HttpError(415, 'Expected a multipart upload.', 'MULTIPART_EXPECTED');
  // Without a boundary the parser finds no parts and reports nothing: an empty upload, not an error.
  if (!/;\s*boundary=("[^"]+"|[^\s;]+)/i.test(request.headers['content-type'] ?? '')) throw invalidMultipart();
  const files: Record<string, UploadedFile> = {};
  const caps = Object.values(kinds).map((kind) => capOf(request, kind));
  const parts = request.parts({ limits: { fileSize: Math.max(request.server.config.maxUploadBytes, ...caps) } });
  try {
    for await (const part of parts) {
      assertText(part.fieldname);
      if (part.type === 'field') {
        const value = String(part.value);
        assertText(value);
        fields[part.fieldname] = value;
        continue;
      }
      const kind = kinds[part.fieldname];
      if (!kind) throw badRequest(`Unexpected file field "${part.fieldname}".`, 'UNEXPECTED_FILE_FIELD');
      const file = await spoolPart(request, part, kind, capOf(request, kind));
      if (!file) continue;
      if (!file.ext) throw new HttpError(415, invalidMessage(part.fieldname), 'UNSUPPORTED_FILE_TYPE', part.fieldname);
      files[part.fieldname] = { ...file, ext: file.ext, fieldname: part.fieldname };
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

/** Spools older than an hour: their request is long over (the process died before removing them). */
async function removeStaleSpools(dir: string) {
  const hourAgo = Date.now() - 60 * 60 * 1000;
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < hourAgo) await rm(file, { force: true }).catch(() => {});
  }
}

/**
 * Streams one file part to a temporary file under DATA_DIR (the same file system as the disk
 * store, so storing it is a rename), counting and hashing it on the way and stopping at its cap.
 * Null for an empty part; `ext` null when its content is not of the kind (sniffed from the file).
 */
async function spoolPart(request: FastifyRequest, part: MultipartFile, kind: FileKind, cap: number) {
  const dir = path.join(request.server.config.dataDir, SPOOL_DIR);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomBytes(12).toString('hex')}.part`);
  const list = spooledOf.get(request) ?? [];
  list.push(file);
  spooledOf.set(request, list);
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > cap) return done(tooLarge(kind, cap, part.fieldname));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  // A refused file goes at once; the onResponse hook is the backstop for the others.
  const refuse = async (err: unknown) => {
    await rm(file, { force: true }).catch(() => {});
    return err;
  };
  try {
    await pipeline(part.file, meter, createWriteStream(file));
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw await refuse(tooLarge(kind, cap, part.fieldname));
    throw await refuse(err);
  }
  if (part.file.truncated) throw await refuse(tooLarge(kind, cap, part.fieldname));
  const ext = size ? await sniff(file, kind) : null;
  if (!ext) await refuse(null);
  if (size === 0) return null;
  return { path: file, size, sha256: hash.digest('hex'), ext };
}

/**
 * The JSON text a form carries in one field (missing: `{}`), decoded and checked as a JSON body
 * would be: the raw field only holds escapes such as `\u0000`, so the text check must run on what
 * JSON.parse produced. `unreadable` is the route's own 400 for text that is not JSON.
 */
export function jsonField(fields: Record<string, string>, name: string, unreadable: () => HttpError): unknown {
  let value: unknown;
  try {
    value = JSON.parse(fields[name] ?? '{}');
  } catch {
    throw unreadable();
  }
  assertText(value);
  return value;
}

const invalidMultipart = () => badRequest('The upload could not be read. Please try again.', 'INVALID_MULTIPART');

export default fp(
  async (app) => {
    const spoolDir = path.join(app.config.dataDir, SPOOL_DIR);
    const storage = openStorage(app.config.storageUrl ?? path.join(app.config.dataDir, 'uploads'), { spoolDir });
    app.decorate('storage', storage);
    const fileSweep = createFileSweeper({ storage, log: app.log });
    app.decorate('fileSweep', fileSweep);
    app.addHook('onClose', () => fileSweep.stop());
    // Hourly, as a queue job: with several instances each sweep runs once, on whichever is free.
    app.queue.define('file-sweep', {
      run: async () => void (await fileSweep.run()),
      retryLimit: 0,
      expireInSeconds: 30 * 60,
      summary: () => 'sweep of files no row points to',
    });
    app.queue.every('file-sweep', '17 * * * *', {});
    // A spooled upload lives as long as its request; one left by a crash is gone at the next start.
    const removeSpooled = async (request: FastifyRequest) => {
      const list = spooledOf.get(request);
      if (list) await Promise.all(list.map((f) => rm(f, { force: true }).catch(() => {})));
    };
    app.addHook('onResponse', removeSpooled);
    app.addHook('onRequestAbort', removeSpooled);
    await removeStaleSpools(spoolDir);
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
      const key = `${area}/${name}`;
      // A small variant of a picture stored before small variants existed is made on first request.
      const file = (await storage.get(key)) ?? ((await deriveMissingVariant(storage, key)) ? await storage.get(key) : null);
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
  { name: 'storage', dependencies: ['config', 'queue'] },
);
