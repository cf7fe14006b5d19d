// Decodes HEIC/HEIF photos for lib/images/heic.ts in its own thread: libheif (WebAssembly, from
// heic-decode) decodes synchronously, a phone photo takes a second or more of CPU, and that must
// not stall the event loop that serves everybody else. Loaded on the first HEIC, not at start-up.
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import decode from 'heic-decode';

parentPort.on('message', async ({ id, data, maxPixels }) => {
  let images;
  try {
    // A path is a spooled upload (lib/images/heic.ts).
    const file = typeof data === 'string' ? await readFile(data) : data;
    images = await decode.all({ buffer: new Uint8Array(file.buffer, file.byteOffset, file.byteLength) });
    // The primary image comes first; the others are thumbnails or burst frames.
    const image = images[0];
    // The size is known before decoding: a bomb is refused without allocating its pixels.
    if (image.width * image.height > maxPixels) {
      parentPort.postMessage({ id, tooManyPixels: true });
      return;
    }
    const { width, height, data: rgba } = await image.decode();
    const bytes = new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength);
    parentPort.postMessage({ id, width, height, rgba: bytes }, [bytes.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String(err?.message ?? err) });
  } finally {
    images?.dispose();
  }
});
