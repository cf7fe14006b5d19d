import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { multipart, signUp } from '../../test/http';
import { resumes } from '../db/schema';
import { documentState, drawLocked, generatedKeyFor } from './resume-document';
import type { Storage } from './storage/storage';

// Issue 48, item 10 (decision 0069): two instances that both pick up a resume version's PDF (the
// queue's job on one, an application with the saved resume on another) draw it once: the second
// waits on the version's advisory lock, then finds it drawn.

let t: TestApp;
beforeAll(async () => {
  // No workers: the saved resume's job stays queued, and the draws below are the only ones.
  t = await createTestApp({}, undefined, { startWorkers: false });
});
afterAll(() => t?.close());

describe('one PDF draw per resume version across instances', () => {
  it('two draws of the same version at once store one file, once', async () => {
    const { client, user } = await signUp(t.app);
    const body = {
      fullName: 'Marie Joseph',
      email: 'marie@example.com',
      phone: '',
      summary: 'Cook.',
      education: [],
      experience: [],
      skills: 'Grill',
      certifications: '',
    };
    const res = await client.request({ method: 'PUT', url: '/api/resumes/me', ...multipart([{ name: 'resume', data: JSON.stringify(body) }]) });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db.select().from(resumes).where(eq(resumes.userId, user.id));
    expect(documentState(row!)).toBe('pending');
    const key = generatedKeyFor(row!);

    const puts: string[] = [];
    const counting: Storage = Object.create(t.app.storage, {
      put: { value: (k: string, ...rest: unknown[]) => (puts.push(k), (t.app.storage.put as (...a: unknown[]) => Promise<void>)(k, ...rest)) },
    });
    // As two instances would: each its own draw (no shared in-process guard), at the same moment.
    await Promise.all([drawLocked(t.database.db, counting, key, user.id), drawLocked(t.database.db, counting, key, user.id)]);
    expect(puts).toEqual([key]);
    const [after] = await t.database.db.select().from(resumes).where(eq(resumes.userId, user.id));
    expect(after!.generatedKey).toBe(key);
    expect(documentState(after!)).toBe('ready');
  });
});
