import { mkdirSync, mkdtempSync, readlinkSync, realpathSync, rmSync, writeFileSync, lstatSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_MARKERS, buildName, currentBuild, hashInputs, inputFiles, isUpToDate, settle, swapIn, toPrune } from './build-cache';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'build-cache-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (rel: string, text = rel) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};
/** A finished build of `name` in the builds folder (or anywhere under root). */
const build = (rel: string) => {
  for (const marker of BUILD_MARKERS) write(`${rel}/${marker}`, rel);
  return path.join(root, rel);
};

describe('the inputs of a build', () => {
  it('are the web app’s and shared package’s sources, the lockfile and configs, not outputs, dependencies or tests', () => {
    for (const f of ['apps/web/src/main.tsx', 'apps/web/vite.config.ts', 'apps/web/src/a.test.ts', 'apps/web/dist/index.html', 'apps/web/.builds/x/index.html'])
      write(f);
    for (const f of ['apps/web/node_modules/x/index.js', 'packages/shared/src/jobs.schema.ts', 'package-lock.json', 'apps/server/src/app.ts']) write(f);
    expect(inputFiles(root)).toEqual(['apps/web/src/main.tsx', 'apps/web/vite.config.ts', 'package-lock.json', 'packages/shared/src/jobs.schema.ts']);
  });

  it('hash to the same name until a file, a file name or the build environment changes', () => {
    write('apps/web/src/main.tsx', 'one');
    write('package-lock.json', '{}');
    const files = () => inputFiles(root);
    const first = hashInputs(root, files(), { NODE_ENV: 'production', HOME: '/a' });
    expect(hashInputs(root, files(), { NODE_ENV: 'production', HOME: '/b', PATH: '/x' })).toBe(first);
    expect(hashInputs(root, files(), { NODE_ENV: 'production', VITE_FLAG: '1' })).not.toBe(first);
    write('apps/web/src/main.tsx', 'two');
    expect(hashInputs(root, files(), { NODE_ENV: 'production' })).not.toBe(first);
    write('apps/web/src/main.tsx', 'one');
    expect(hashInputs(root, files(), { NODE_ENV: 'production' })).toBe(first);
    write('package-lock.json', '{"changed":true}');
    expect(hashInputs(root, files(), { NODE_ENV: 'production' })).not.toBe(first);
  });
});

describe('skipping and swapping', () => {
  it('is up to date only when dist links to a complete build of that hash', () => {
    const dist = path.join(root, 'apps/web/dist');
    const builds = path.join(root, 'apps/web/.builds');
    expect(isUpToDate(dist, 'abc')).toBe(false);
    swapIn(dist, build('apps/web/.builds/abc'), builds);
    expect(isUpToDate(dist, 'abc')).toBe(true);
    expect(isUpToDate(dist, 'def')).toBe(false);
    rmSync(path.join(builds, 'abc/server'), { recursive: true });
    expect(isUpToDate(dist, 'abc')).toBe(false);
    // A forced rebuild gets a directory of its own, still recognised as a build of those inputs.
    const forced = buildName('abc', true, 42);
    expect(forced).toBe('abc-16');
    swapIn(dist, build(`apps/web/.builds/${forced}`), builds);
    expect(isUpToDate(dist, 'abc')).toBe(true);
  });

  it('replaces the link in one step, and moves a real dist directory out of the way the first time', () => {
    const dist = path.join(root, 'apps/web/dist');
    const builds = path.join(root, 'apps/web/.builds');
    build('apps/web/dist');
    mkdirSync(builds, { recursive: true });
    swapIn(dist, build('apps/web/.builds/one'), builds);
    expect(lstatSync(dist).isSymbolicLink()).toBe(true);
    expect(readlinkSync(dist)).toBe(path.join('.builds', 'one'));
    expect(realpathSync(dist)).toBe(realpathSync(path.join(builds, 'one')));
    swapIn(dist, build('apps/web/.builds/two'), builds);
    expect(currentBuild(dist)).toBe(path.join(builds, 'two'));
    // The old real directory was kept (a server may be running on it), no stray links are left.
    expect(inputFiles(root, ['apps/web']).length).toBe(0);
    expect(existsSync(path.join(builds, 'one'))).toBe(true);
  });

  it('keeps the first finished build of the same inputs when two run at once', () => {
    const builds = path.join(root, 'apps/web/.builds');
    const first = build('apps/web/.builds/tmp-a');
    const second = build('apps/web/.builds/tmp-b');
    writeFileSync(path.join(second, 'index.html'), 'second');
    expect(settle(first, builds, 'h')).toBe(path.join(builds, 'h'));
    expect(settle(second, builds, 'h')).toBe(path.join(builds, 'h'));
    expect(existsSync(second)).toBe(false);
    expect(isUpToDate(path.join(builds, 'missing'), 'h')).toBe(false);
  });

  it('prunes old builds but the current, the previous and anything recent (a build running beside)', () => {
    const now = 100 * 60_000;
    const old = now - 60 * 60_000;
    const entries = [
      { name: 'cur', modifiedMs: old },
      { name: 'prev', modifiedMs: old },
      { name: 'older', modifiedMs: old },
      { name: 'tmp-dead', modifiedMs: old },
      { name: 'tmp-running', modifiedMs: now - 1000 },
      { name: 'other-just-built', modifiedMs: now - 30_000 },
      { name: '.leases', modifiedMs: old },
    ];
    expect(toPrune(entries, ['cur', 'prev'], now)).toEqual(['older', 'tmp-dead']);
  });
});
