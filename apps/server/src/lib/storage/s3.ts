import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { countedStream } from './counted';
import { contentTypeForKey } from './file-types';
import { assertSafeKey, type ListedFile, type Storage } from './storage';

export interface S3Location {
  bucket: string;
  /** Prepended to every key, so one bucket can hold several sites (`s3://bucket/site-a`). */
  prefix: string;
  endpoint?: string;
  region: string;
  /** Path-style addressing (`endpoint/bucket/key`), which MinIO and most self-hosted servers need. */
  forcePathStyle: boolean;
}

/**
 * Reads `s3://bucket[/prefix]?endpoint=https://…&region=…&forcePathStyle=true`. Credentials come
 * from the usual AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY variables (or the platform's role).
 */
export function parseS3Url(url: string): S3Location {
  const parsed = new URL(url);
  if (parsed.protocol !== 's3:' || !parsed.hostname) throw new Error(`Not an s3:// URL with a bucket: ${url}`);
  const endpoint = parsed.searchParams.get('endpoint') ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error(`The endpoint must be an http(s) URL: ${endpoint}`);
  const style = parsed.searchParams.get('forcePathStyle');
  return {
    bucket: parsed.hostname,
    prefix: parsed.pathname.replace(/^\/+|\/+$/g, ''),
    endpoint,
    region: parsed.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    // A custom endpoint is nearly always a self-hosted server that wants path-style.
    forcePathStyle: style ? style === 'true' : Boolean(endpoint),
  };
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * S3-compatible object storage (AWS S3, Cloudflare R2, DigitalOcean Spaces, MinIO, Backblaze B2).
 * Nothing in the bucket is public: every file is read through the server, which checks who asks
 * and answers byte ranges itself (decision 0024).
 */
export function s3Storage(location: S3Location, client?: S3Client, spoolDir = os.tmpdir()): Storage {
  const s3 =
    client ??
    new S3Client({
      region: location.region,
      endpoint: location.endpoint,
      forcePathStyle: location.forcePathStyle,
      // Retries are the SDK's (3 attempts with backoff); a stalled connection must not hold a request.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      // A streamed body would otherwise be sent aws-chunked with a checksum trailer, which several
      // S3-compatible stores (s3rver among them) keep as part of the object; TLS and Content-Length
      // already guard the bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
  const Bucket = location.bucket;
  const full = (key: string) => {
    assertSafeKey(key);
    return location.prefix ? `${location.prefix}/${key}` : key;
  };
  const strip = (key: string) => (location.prefix ? key.slice(location.prefix.length + 1) : key);

  return {
    async put(key, data, contentType) {
      await s3.send(new PutObjectCommand({ Bucket, Key: full(key), Body: data, ContentType: contentType, ContentLength: data.length }));
    },
    async putFile(key, file, contentType) {
      // One PutObject with a known length streams the file (up to 5 GB, far above our caps).
      const { size } = await stat(file);
      await s3.send(new PutObjectCommand({ Bucket, Key: full(key), Body: createReadStream(file), ContentType: contentType, ContentLength: size }));
    },
    async putStream(key, stream, contentType, size) {
      // Spooled to a local file first, through the counter: only a whole, counted file is sent.
      // AWS drops an aborted PutObject, but not every S3-compatible store does (s3rver keeps what
      // arrived before the connection closed), and a multipart upload would hold 5 MB parts in memory.
      const Key = full(key);
      await mkdir(spoolDir, { recursive: true });
      const spool = path.join(spoolDir, `${randomBytes(12).toString('hex')}.s3put`);
      try {
        await pipeline(stream, countedStream(size), createWriteStream(spool));
        await s3.send(new PutObjectCommand({ Bucket, Key, Body: createReadStream(spool), ContentType: contentType, ContentLength: size }));
      } finally {
        await rm(spool, { force: true }).catch(() => {});
      }
    },
    async get(key, range) {
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket, Key: full(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : res.ContentLength;
        if (!(res.Body instanceof Readable) || total === undefined || Number.isNaN(total)) {
          throw new Error(`Unexpected answer from object storage for ${key}`);
        }
        return { stream: res.Body, size: total, contentType: contentTypeForKey(key) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stat(key) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket, Key: full(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      // Deleting a missing object succeeds on S3, as rm --force does on disk.
      await s3.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    async *list(area): AsyncGenerator<ListedFile> {
      if (!/^[a-z0-9_-]+$/.test(area)) throw new Error(`Unsafe storage area: ${area}`);
      const Prefix = `${location.prefix ? `${location.prefix}/` : ''}${area}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { key: strip(object.Key), modifiedAt: object.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async ping() {
      await s3.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
