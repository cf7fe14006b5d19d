import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { countedStream } from './counted';
import { contentTypeForKey } from './file-types';
import { assertSafeKey, type ListedFile, type Storage } from './storage';

const TMP_SUFFIX = '.tmp';

/**
 * Files under DATA_DIR/uploads; written to a temporary name then renamed, so readers never see half
 * a file. The temporary name is random: two writes of one key at once (the same person uploading
 * twice in a millisecond) must not share it.
 */
export function diskStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };

  /** Files under dir (recursively), with their key relative to the root. */
  async function* walk(dir: string): AsyncGenerator<{ file: string; key: string; modifiedAt: Date }> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(file);
      else if (entry.isFile()) {
        const info = await stat(file).catch(() => null); // removed meanwhile
        if (info) yield { file, key: path.relative(root, file).split(path.sep).join('/'), modifiedAt: info.mtime };
      }
    }
  }

  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(8).toString('hex')}${TMP_SUFFIX}`;
      try {
        await writeFile(tmp, data);
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => {});
        throw err;
      }
    },
    async putFile(key, source) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(8).toString('hex')}${TMP_SUFFIX}`;
      try {
        // A move when the source is on the same file system (uploads spool under DATA_DIR), else a copy.
        await rename(source, tmp).catch(async (err: NodeJS.ErrnoException) => {
          if (err.code !== 'EXDEV') throw err;
          await copyFile(source, tmp);
        });
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => {});
        throw err;
      }
    },
    async putStream(key, stream, _contentType, size) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomBytes(8).toString('hex')}${TMP_SUFFIX}`;
      try {
        await pipeline(stream, countedStream(size), createWriteStream(tmp));
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => {});
        throw err;
      }
    },
    async get(key, range) {
      const file = resolve(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        const stream = range ? createReadStream(file, { start: range.start, end: range.end }) : createReadStream(file);
        return { stream, size: info.size, contentType: contentTypeForKey(key) };
      } catch {
        return null;
      }
    },
    async stat(key) {
      const info = await stat(resolve(key)).catch(() => null);
      return info?.isFile() ? { size: info.size } : null;
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async *list(area): AsyncGenerator<ListedFile> {
      if (!/^[a-z0-9_-]+$/.test(area)) throw new Error(`Unsafe storage area: ${area}`);
      for await (const { key, modifiedAt } of walk(path.join(root, area))) {
        if (!key.endsWith(TMP_SUFFIX)) yield { key, modifiedAt };
      }
    },
    async ping() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
    async removeTemporaries(before) {
      let removed = 0;
      for await (const { file, modifiedAt } of walk(root)) {
        if (file.endsWith(TMP_SUFFIX) && modifiedAt < before) {
          await rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}
