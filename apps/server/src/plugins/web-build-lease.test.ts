import { existsSync, mkdirSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { pruneBuilds } from '../../../../scripts/build-cache';
import { createTestApp } from '../../test/app';

// Issue 48, item 6 (decision 0069): builds with other hashes follow each other while a server runs on
// the first; `npm run build` keeps the current and the previous and prunes the rest, but never the
// one a live server serves (its lease). Each "build" here is a complete build's files, and after
// each, the build script's own pruning step runs, as scripts/build-web.ts does after its swap.

const tmp = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-lease-'));
afterAll(() => rm(tmp, { recursive: true, force: true }));
const builds = path.join(tmp, '.builds');
const hourAgo = new Date(Date.now() - 60 * 60_000);

function fakeBuild(name: string): string {
  const dir = path.join(builds, name);
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><html><head><title>${name}</title></head><body><div id="root"></div></body></html>`);
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}');
  writeFileSync(path.join(dir, 'assets', `entry-${name}.js`), `console.log(${JSON.stringify(name)});`);
  // Older than the pruner's grace for builds running beside it: only the lease can keep it.
  utimesSync(dir, hourAgo, hourAgo);
  return dir;
}

it(
  'three builds with other hashes while a server runs on the first: it still serves every file, and the build goes once the server stops',
  { timeout: 120_000 },
  async () => {
    const first = fakeBuild('aaaaaaaa');
    const t = await createTestApp({ webDist: realpathSync(first) });
    try {
      const serves = async () => {
        const page = await t.app.inject({ method: 'GET', url: '/jobs' });
        const asset = await t.app.inject({ method: 'GET', url: '/assets/entry-aaaaaaaa.js' });
        return [page.statusCode, page.body.includes('<title>aaaaaaaa</title>'), asset.statusCode];
      };
      expect(await serves()).toEqual([200, true, 200]);

      let previous = 'aaaaaaaa';
      for (const name of ['bbbbbbbb', 'cccccccc', 'dddddddd']) {
        fakeBuild(name);
        pruneBuilds(builds, [name, previous]);
        previous = name;
        expect(existsSync(first), `after build ${name}`).toBe(true);
        expect(await serves()).toEqual([200, true, 200]);
      }
      // The others older than the current and previous went as before.
      expect(existsSync(path.join(builds, 'bbbbbbbb'))).toBe(false);
    } finally {
      await t.close();
    }
    // Released when the server closed: the next build prunes it.
    fakeBuild('eeeeeeee');
    expect(pruneBuilds(builds, ['eeeeeeee', 'dddddddd'])).toContain('aaaaaaaa');
    expect(existsSync(first)).toBe(false);
  },
);
