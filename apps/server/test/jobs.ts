import type { LightMyRequestResponse } from 'fastify';
import type { Job } from '@caribconnect/shared';
import type { Client } from './http';

/** A job any employer may post: tests override only the fields they are about. */
export const validJob = (over: Record<string, unknown> = {}) => ({
  title: 'Front Desk Agent',
  company: 'Sandals Negril',
  country: 'Jamaica',
  category: 'Hospitality',
  description: 'Welcome guests, handle check-in and check-out.',
  ...over,
});

/** Whoever posts: a client, or a person as `signUp` returns them. */
type Poster = Client | { client: Client };
const clientOf = (by: Poster): Client => ('client' in by ? by.client : by);

/**
 * POST /api/jobs with `body` exactly as given (no defaults added), and the answer as it came: for
 * tests about refusals and replays. `idempotencyKey` sends the Idempotency-Key header.
 */
export function postJobRequest(by: Poster, body: object, { idempotencyKey }: { idempotencyKey?: string } = {}): Promise<LightMyRequestResponse> {
  const headers = idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey };
  return clientOf(by).request({ method: 'POST', url: '/api/jobs', payload: body, headers });
}

/**
 * Posts a job and returns it as created; any answer but 201 throws with its body. `fields` is the
 * title alone, or fields laid over `validJob()` (a file whose jobs share a country or company
 * spreads its own constant in).
 */
export async function postJob(by: Poster, fields: string | Record<string, unknown> = {}): Promise<Job & Record<string, unknown>> {
  const res = await postJobRequest(by, validJob(typeof fields === 'string' ? { title: fields } : fields));
  if (res.statusCode !== 201) throw new Error(`post job failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
