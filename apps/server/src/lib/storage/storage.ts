import type { Readable } from 'node:stream';

export interface StoredFile {
  stream: Readable;
  /** The whole file's size, also when the stream holds only a range of it. */
  size: number;
  contentType: string;
}

export interface ListedFile {
  key: string;
  modifiedAt: Date;
}

/** Inclusive byte offsets, as in an HTTP Range header; end is within the file. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where uploaded files live. Keys follow the spec's paths, e.g. `avatars/{userId}.png`. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a file from a local path without reading it into memory (a spooled upload, a restored
   * backup). The source may be moved away: the caller no longer needs it.
   */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /**
   * Stores a stream of exactly `size` bytes (a file read from another store, a copy of a stored
   * document) without holding it in memory. The bytes are counted as they pass: a stream that ends
   * short, runs past `size` or fails leaves nothing under the key (nor replaces what was there).
   */
  putStream(key: string, stream: Readable, contentType: string, size: number): Promise<void>;
  /** With a range, the stream holds only those bytes (HTTP 206 for video seeking). */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** The file's size without reading it, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /** Every stored file of one area (the key's first segment), for the sweep of unreferenced files. */
  list(area: string): AsyncIterable<ListedFile>;
  /** Throws when the store cannot be written (the readiness check asks before taking traffic). */
  ping(): Promise<void>;
  /** Removes the driver's own leftovers (half-written temporaries) older than `before`; returns how many. */
  removeTemporaries?(before: Date): Promise<number>;
}

/**
 * Every area (a key's first segment) the app writes. `storage:copy` and backups walk these; a test
 * checks that every area a domain registers with the file sweep is listed here.
 */
export const STORAGE_AREAS = ['avatars', 'consultants', 'resumes', 'cover-letters', 'ads', 'videos', 'logos'] as const;

/** Keys are built by our code, never taken whole from a request; this is a last line of defence. */
export function assertSafeKey(key: string) {
  if (!/^[a-z0-9_-]+(\/[A-Za-z0-9_.-]+)+$/.test(key) || key.includes('..')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
