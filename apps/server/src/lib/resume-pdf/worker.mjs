// Draws resume PDFs for lib/resume-pdf/index.ts in its own thread: a page takes 100-300 ms of CPU on
// these machines, which must not stall the event loop that serves everybody else.
import { parentPort } from 'node:worker_threads';
import { renderCandidatePack } from './pack.mjs';
import { renderResumePdf } from './render.mjs';

parentPort.on('message', async ({ id, resume, pack }) => {
  try {
    const pdf = await (pack ? renderCandidatePack(pack) : renderResumePdf(resume));
    // Transfer the bytes instead of copying them.
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
    parentPort.postMessage({ id, pdf: bytes }, [bytes.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: String(err?.stack ?? err) });
  }
});
