import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { normalizeEntries, type ResumeEntry } from '@caribconnect/shared';
import type { Db } from '../db/client';
import { resumes } from '../db/schema';
import { languageOf } from './emails';
import { RESUME_PDF_VERSION, renderResumePdf, type ResumePdfInput } from './resume-pdf';
import type { Storage } from './storage/storage';

export type ResumeRow = typeof resumes.$inferSelect;

/** The fields of a stored row as the PDF and the API show them, whatever shape they were saved in. */
export function resumeContent(row: ResumeRow): ResumePdfInput & { education: ResumeEntry[]; experience: ResumeEntry[] } {
  return {
    fullName: row.fullName,
    phone: row.phone,
    email: row.email,
    summary: row.summary,
    education: normalizeEntries(row.education),
    experience: normalizeEntries(row.experience),
    skills: row.skills,
    certifications: row.certifications,
  };
}

/** The key a generated PDF of this content is stored under: same content, same key. */
export function generatedKeyFor(row: ResumeRow): string {
  const hash = createHash('sha256')
    .update(JSON.stringify({ v: RESUME_PDF_VERSION, ...resumeContent(row) }))
    .digest('hex')
    .slice(0, 20);
  return `resumes/generated-${row.userId}-${hash}.pdf`;
}

/**
 * Where the resume's document stands: its upload ('file'), a PDF of its current fields already drawn
 * ('ready'), or one still to draw ('pending': the 'resume-pdf' job has not run yet, or the layout
 * version changed since).
 */
export function documentState(row: ResumeRow): 'file' | 'ready' | 'pending' {
  if (row.fileKey) return 'file';
  return row.generatedKey === generatedKeyFor(row) ? 'ready' : 'pending';
}

/** Draws of the same content already under way in this process, so a job and an application draw it once. */
const inFlight = new Map<string, Promise<void>>();

/**
 * Draws the pending PDF of a person's resume, stores it and points the row at it, unless the row
 * changed meanwhile. Same content, same key: one draw per content in this process (`inFlight`) and,
 * with `acrossInstances` (a PostgreSQL server, where several instances share the queue and the rows),
 * one across instances: the draw holds a transaction-scoped advisory lock on its key, and whoever
 * gets it second finds the row drawn and stops (decision 0069). The embedded database belongs to one
 * process, so there the lock is not taken (it would hold its only connection while drawing).
 */
export async function drawResumePdf(db: Db, storage: Storage, userId: string, { acrossInstances = false }: { acrossInstances?: boolean } = {}): Promise<void> {
  const row = await findResumeRow(db, userId);
  if (!row || documentState(row) !== 'pending') return;
  const key = generatedKeyFor(row);
  let work = inFlight.get(key);
  if (!work) {
    work = (acrossInstances ? drawLocked(db, storage, key, userId) : drawRow(db, storage, row, key)).finally(() => inFlight.delete(key));
    inFlight.set(key, work);
  }
  await work;
}

/** One draw of this content across instances: under the key's advisory lock, the row read again first. */
export function drawLocked(db: Db, storage: Storage, key: string, userId: string): Promise<void> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`resume-pdf:${key}`}))`);
    const [now] = await tx.select().from(resumes).where(eq(resumes.userId, userId));
    // Drawn by another instance while we waited, or changed since: nothing to draw under this key.
    if (!now || documentState(now) !== 'pending' || generatedKeyFor(now) !== key) return;
    await drawRow(tx, storage, now, key);
  });
}

async function drawRow(db: Db, storage: Storage, row: ResumeRow, key: string): Promise<void> {
  // Headed in its owner's language as it is when drawn (decision 0076).
  const pdf = await renderResumePdf(resumeContent(row), await languageOf(db, row.userId));
  await storage.put(key, pdf, 'application/pdf');
  const updated = await db
    .update(resumes)
    .set({ generatedKey: key })
    .where(and(eq(resumes.userId, row.userId), eq(resumes.updatedAt, row.updatedAt), sql`${resumes.fileKey} is null`))
    .returning({ userId: resumes.userId });
  if (!updated.length) await storage.delete(key).catch(() => {});
  else if (row.generatedKey && row.generatedKey !== key) await storage.delete(row.generatedKey).catch(() => {});
}

/** The storage key of the resume's document, or null while its PDF is still to be drawn. */
export function resumeDocumentKey(row: ResumeRow): string | null {
  const state = documentState(row);
  return state === 'file' ? row.fileKey : state === 'ready' ? row.generatedKey : null;
}

/** A person's resume row, if they have one. */
export async function findResumeRow(db: Db, userId: string): Promise<ResumeRow | null> {
  const [row] = await db.select().from(resumes).where(eq(resumes.userId, userId));
  return row ?? null;
}

/**
 * A person's resume document, opened as a stream with its size, and the extension to store a copy
 * under, or null. An application sent before the job drew the PDF draws it here rather than make
 * the applicant wait. The caller must read or destroy the stream.
 */
export async function openResumeDocument(
  db: Db,
  storage: Storage,
  userId: string,
  options: { acrossInstances?: boolean } = {},
): Promise<{ stream: Readable; size: number; ext: string } | null> {
  let row = await findResumeRow(db, userId);
  if (row && documentState(row) === 'pending') {
    await drawResumePdf(db, storage, userId, options);
    row = await findResumeRow(db, userId);
  }
  const key = row && resumeDocumentKey(row);
  const file = key ? await storage.get(key) : null;
  if (!key || !file) return null;
  return { stream: file.stream, size: file.size, ext: key.slice(key.lastIndexOf('.') + 1) };
}
