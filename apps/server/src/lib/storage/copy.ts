import { contentTypeForKey } from './file-types';
import { STORAGE_AREAS, type Storage } from './storage';

export interface CopyResult {
  copied: number;
  skipped: number;
  failed: Array<{ key: string; error: string }>;
}

/**
 * Copies every stored file from one storage to another. Resumable: a file already in the target
 * with the same size is skipped (every write is whole, on disk by rename and on S3 by nature, so a
 * same-sized file is a finished copy), so running it again after an interruption copies what is left.
 * Nothing is deleted from either side.
 */
export async function copyStorage(
  from: Storage,
  to: Storage,
  onProgress: (key: string, outcome: 'copied' | 'skipped' | 'failed') => void = () => {},
): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, skipped: 0, failed: [] };
  for (const area of STORAGE_AREAS) {
    for await (const { key } of from.list(area)) {
      try {
        const [source, target] = await Promise.all([from.stat(key), to.stat(key)]);
        if (!source) continue; // removed meanwhile
        if (target?.size === source.size) {
          result.skipped++;
          onProgress(key, 'skipped');
          continue;
        }
        // Streamed, so a site's videos do not pass through memory whole.
        const file = await from.get(key);
        if (!file) continue;
        await to.putStream(key, file.stream, contentTypeForKey(key), file.size);
        result.copied++;
        onProgress(key, 'copied');
      } catch (err) {
        result.failed.push({ key, error: (err as Error).message });
        onProgress(key, 'failed');
      }
    }
  }
  return result;
}
