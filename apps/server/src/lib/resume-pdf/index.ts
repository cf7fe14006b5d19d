import { Worker } from 'node:worker_threads';
import type { LanguageCode, ResumeEntry } from '@caribconnect/shared';
import { emailText, type EmailKey } from '../emails';

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

/**
 * Section headings of the generated PDF, in the owner's language (decision 0076): from the server's
 * catalogs (lib/emails), as the emails are.
 */
export function resumeLabels(language: LanguageCode) {
  const t = (key: EmailKey) => emailText(language, key);
  return {
    resume: t('pdf.resume.title'),
    untitled: t('pdf.resume.title'),
    summary: t('pdf.resume.summary'),
    experience: t('pdf.resume.experience'),
    education: t('pdf.resume.education'),
    skills: t('pdf.resume.skills'),
    certifications: t('pdf.resume.certifications'),
  };
}

/** Bump when the layout changes, so cached PDFs are drawn again (2: headings in the owner's language). */
export const RESUME_PDF_VERSION = 2;

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

  render(
    message: { resume: ResumePdfInput & { labels: ReturnType<typeof resumeLabels>; language: LanguageCode } } | { pack: CandidatePackInput },
  ): Promise<Buffer> {
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

/** A clean, printable PDF of the resume's fields (A4, fits Letter), with selectable text, headed in `language`. */
export const renderResumePdf = (resume: ResumePdfInput, language: LanguageCode = 'en') =>
  pdfWorker.render({ resume: { ...resume, labels: resumeLabels(language), language } });

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
  /** The reader's language: the document's `lang` (its headings are already in it). */
  language: LanguageCode;
  title: string;
  subtitle: string;
  sections: PackSection[];
}

/** An applicant's candidate pack (issue 45, decision 0078), drawn in the same worker thread with the resume's fonts and look. */
export const renderCandidatePackPdf = (pack: CandidatePackInput) => pdfWorker.render({ pack });
