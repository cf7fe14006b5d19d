import { Worker } from 'node:worker_threads';

export type HeicResult = { width: number; height: number; rgba: Buffer } | { tooManyPixels: true } | { error: string };
type Pending = (result: HeicResult) => void;

/**
 * sharp's prebuilt libvips reads HEIF boxes but has no HEVC decoder, so iPhone photos are decoded
 * here with libheif compiled to WebAssembly (heic-decode), in one worker thread started on the first
 * HEIC: requests queue inside it, leaving the other core to the event loop. The pixels come back
 * upright (libheif applies the file's rotation and mirroring) and without any metadata.
 */
class HeicWorker {
  private worker: Worker | null = null;
  private pending = new Map<number, Pending>();
  private nextId = 0;

  private get thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./heic-worker.mjs', import.meta.url));
    // An idle worker must not keep a finished process (a test, a command) alive.
    worker.unref();
    worker.on('message', ({ id, ...result }: { id: number } & Record<string, unknown>) => {
      const done = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) worker.unref();
      if ('rgba' in result) {
        const rgba = result.rgba as Uint8Array;
        done?.({ width: result.width as number, height: result.height as number, rgba: Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength) });
      } else done?.(result as HeicResult);
    });
    const fail = (err: Error) => {
      for (const done of this.pending.values()) done({ error: err.message });
      this.pending.clear();
      if (this.worker === worker) this.worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`HEIC worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  decode(data: Buffer | string, maxPixels: number): Promise<HeicResult> {
    const worker = this.thread;
    const id = this.nextId++;
    if (this.pending.size === 0) worker.ref();
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      worker.postMessage({ id, data, maxPixels });
    });
  }
}

const heicWorker = new HeicWorker();

/**
 * The photo's pixels as RGBA, refused past maxPixels from its header, or why it could not be read.
 * Given a path (a spooled upload), the worker reads the file itself: libheif needs it whole, but
 * then only in the worker's memory, not copied through the main thread.
 */
export const decodeHeic = (data: Buffer | string, maxPixels: number) => heicWorker.decode(data, maxPixels);
