import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// The SDK must never ask a cloud metadata address for credentials: every test names its own.
process.env.AWS_EC2_METADATA_DISABLED = 'true';
export const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };
Object.assign(process.env, S3_CREDENTIALS);

/** An S3-compatible server on loopback (s3rver, files in a temporary folder), with one empty bucket. */
export async function startS3(bucket = 'caribconnect') {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    url: (prefix = '') => `s3://${bucket}${prefix ? `/${prefix}` : ''}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
