import { useCallback, useRef } from 'react';

/** getRandomValues works on plain http too (randomUUID needs a secure context). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Files compare by name, size and date: the same File chosen again is the same submission. */
function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v instanceof File ? `file:${v.name}:${v.size}:${v.lastModified}` : v));
}

/**
 * One Idempotency-Key per form submission (docs/decisions/0009). A retry of the same values (after a
 * network error, a double click, a dropped connection after the server committed) reuses the key, so
 * the server answers it with the first result instead of creating a second job or application.
 * Changed values get a new key (the server would refuse the old key with another body), and so does
 * the next submission after a success: call reset() in onSuccess.
 *
 *   const idempotency = useIdempotencyKey();
 *   mutate({ ...values, idempotencyKey: idempotency.keyFor(values) }, { onSuccess: idempotency.reset });
 */
export function useIdempotencyKey() {
  const current = useRef<{ key: string; of: string } | null>(null);
  const keyFor = useCallback((values: unknown) => {
    const of = fingerprint(values);
    if (current.current?.of !== of) current.current = { key: newKey(), of };
    return current.current.key;
  }, []);
  const reset = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, reset };
}
