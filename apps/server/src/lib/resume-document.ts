import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { normalizeEntries, type ResumeEntry } from '@caribconnect/shared';
import type { Db } from '../db/client';
import { resumes } from '../db/schema';
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

/** Renders of the same content already under way, so a burst of downloads draws it once. */
const inFlight = new Map<string, Promise<void>>();

/**
 * The storage key of the resume's document: the uploaded file, or else the PDF generated from its
 * fields. The generated one is kept (its name holds a hash of the content) until the resume changes,
 * then the next read draws the new one and removes the old.
 */
export async function resumeDocumentKey(db: Db, storage: Storage, row: ResumeRow): Promise<string> {
  if (row.fileKey) return row.fileKey;
  const key = generatedKeyFor(row);
  if (row.generatedKey === key && (await storage.get(key).then((f) => (f?.stream.destroy(), !!f)))) return key;
  let work = inFlight.get(key);
  if (!work) {
    work = (async () => {
      const pdf = await renderResumePdf(resumeContent(row));
      await storage.put(key, pdf, 'application/pdf');
      const updated = await db
        .update(resumes)
        .set({ generatedKey: key })
        .where(and(eq(resumes.userId, row.userId), sql`${resumes.generatedKey} is not distinct from ${row.generatedKey}`))
        .returning({ userId: resumes.userId });
      if (updated.length && row.generatedKey && row.generatedKey !== key) await storage.delete(row.generatedKey).catch(() => {});
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, work);
  }
  await work;
  return key;
}

/** A person's resume row, if they have one. */
export async function findResumeRow(db: Db, userId: string): Promise<ResumeRow | null> {
  const [row] = await db.select().from(resumes).where(eq(resumes.userId, userId));
  return row ?? null;
}

/** The bytes of a person's resume document and the extension to store a copy under, or null. */
export async function readResumeDocument(db: Db, storage: Storage, userId: string): Promise<{ data: Buffer; ext: string } | null> {
  const row = await findResumeRow(db, userId);
  if (!row) return null;
  const key = await resumeDocumentKey(db, storage, row);
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return { data: Buffer.concat(chunks), ext: key.slice(key.lastIndexOf('.') + 1) };
}
