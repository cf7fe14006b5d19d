// s3rver ships no types; the tests use only this much of it.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: Array<{ name: string; configs: string[] }>;
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
