import { Transform } from 'node:stream';

/** A stream handed to `Storage.putStream` held more or fewer bytes than it said. */
export class StreamSizeError extends Error {
  constructor(expected: number, got: number) {
    super(`Expected a stream of ${expected} bytes, got ${got > expected ? 'more' : got}`);
  }
}

/**
 * Passes bytes through while counting them, and fails as soon as they run past `size` (before the
 * extra bytes are written anywhere) or when the stream ends short. Stores write through it so a
 * wrong or broken stream never becomes a stored file.
 */
export function countedStream(size: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > size) return done(new StreamSizeError(size, seen));
      done(null, chunk);
    },
    flush(done) {
      done(seen === size ? null : new StreamSizeError(size, seen));
    },
  });
}
