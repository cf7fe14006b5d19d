import { Worker } from 'node:worker_threads';
import type { ResumeEntry } from '@caribconnect/shared';

export interface ResumePdfInput {
  fullName: string;
  phone: string;
  email: string;
  summary: string;
  education: ResumeEntry[];
  experience: ResumeEntry[];
  skills: string[];
  certifications: string[];
}

/** Section headings of the generated PDF. English: it is written for employers across the region. */
const LABELS = {
  resume: 'Resume',
  untitled: 'Resume',
  summary: 'Summary',
  experience: 'Experience',
  education: 'Education',
  skills: 'Skills',
  certifications: 'Certifications',
};

/** Bump when the layout changes, so cached PDFs are drawn again. */
export const RESUME_PDF_VERSION = 1;

type Pending = { resolve: (pdf: Buffer) => void; reject: (err: Error) => void };

/**
 * One worker thread, started on first use. PDFs are made rarely (once per resume change), so one
 * thread is enough and leaves the other core to the event loop; requests queue inside it.
 */
class PdfWorker {
  private worker: Worker | null = null;
  private pending = new Map<number, Pending>();
  private nextId = 0;

  private get thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./worker.mjs', import.meta.url));
    // An idle worker must not keep a finished process (a test, a command) alive.
    worker.unref();
    worker.on('message', ({ id, pdf, error }: { id: number; pdf?: Uint8Array; error?: string }) => {
      const p = this.pending.get(id);
      this.pending.delete(id);
      if (this.pending.size === 0) worker.unref();
      if (error || !pdf) p?.reject(new Error(error ?? 'PDF rendering failed'));
      else p?.resolve(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    });
    const fail = (err: Error) => {
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      if (this.worker === worker) this.worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`PDF worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  render(message: { resume: ResumePdfInput & { labels: typeof LABELS } } | { pack: CandidatePackInput }): Promise<Buffer> {
    const worker = this.thread;
    const id = this.nextId++;
    if (this.pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }
}

const pdfWorker = new PdfWorker();

/** A clean, printable PDF of the resume's fields (A4, fits Letter), with selectable text. */
export const renderResumePdf = (resume: ResumePdfInput) => pdfWorker.render({ resume: { ...resume, labels: LABELS } });

/** One section of a candidate pack (pack.mjs): fields, paragraphs, entries and bullets, all plain text. */
export interface PackSection {
  heading: string;
  items: Array<
    | { kind: 'field'; label: string; value: string }
    | { kind: 'text'; text: string }
    | { kind: 'bullet'; text: string }
    | { kind: 'entry'; title: string; place: string; period: string; detail: string }
  >;
}
export interface CandidatePackInput {
  title: string;
  subtitle: string;
  sections: PackSection[];
}

/** An applicant's candidate pack (issue 45, decision 0078), drawn in the same worker thread with the resume's fonts and look. */
export const renderCandidatePackPdf = (pack: CandidatePackInput) => pdfWorker.render({ pack });
