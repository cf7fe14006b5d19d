import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfig } from '@caribconnect/shared';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: 3 * 1024 * 1024, maxVideoBytes: 40 * 1024 * 1024, supportEmail: 'help@example.org' });
});
afterAll(() => t.close());

describe('GET /api/config', () => {
  it('gives anyone the upload cap and support address from the configuration, and nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      maxUploadBytes: 3 * 1024 * 1024,
      maxVideoBytes: 40 * 1024 * 1024,
      supportEmail: 'help@example.org',
      applicationRetentionDays: 180,
    });
    expect(publicConfig.strict().safeParse(res.json()).success).toBe(true);
    expect(res.headers['cache-control']).toContain('max-age');
  });
});
