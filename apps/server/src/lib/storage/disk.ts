import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeForKey } from './file-types';
import { assertSafeKey, type Storage } from './storage';

/** Files under DATA_DIR/uploads; written to a temp name then renamed, so readers never see half a file. */
export function diskStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
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
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
