import type { ByteRange } from './storage/storage';

/**
 * The one byte range of a `Range: bytes=…` header against a file of `size` bytes: null when there is
 * no usable header (answer 200 with the whole file, as RFC 9110 allows for multiple ranges or other
 * units), 'unsatisfiable' when it lies outside the file (answer 416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    // A suffix: the last N bytes.
    const length = Number(to);
    if (length === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null;
  return { start, end };
}
