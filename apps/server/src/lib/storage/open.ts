import path from 'node:path';
import { diskStorage } from './disk';
import { parseS3Url, s3Storage } from './s3';
import type { Storage } from './storage';

/**
 * `s3://bucket[/prefix]?endpoint=…&region=…` for object storage; anything else is a folder on disk.
 * `spoolDir` is where the S3 driver counts a stream into a local file before sending it (putStream).
 */
export function openStorage(where: string, opts: { spoolDir?: string } = {}): Storage {
  return where.startsWith('s3://') ? s3Storage(parseS3Url(where), undefined, opts.spoolDir) : diskStorage(path.resolve(where));
}

/** Where the storage lives, for logs and messages: never the credentials (they are not in the URL). */
export function describeStorage(where: string): string {
  if (!where.startsWith('s3://')) return path.resolve(where);
  const { bucket, prefix, endpoint } = parseS3Url(where);
  return `bucket ${bucket}${prefix ? `/${prefix}` : ''}${endpoint ? ` at ${endpoint}` : ''}`;
}
