import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { MyResume, Resume, SaveResume } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { resumes } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { documentState, findResumeRow, resumeContent, resumeDocumentKey, type ResumeRow } from '../../lib/resume-document';
import { contentTypeForKey } from '../../lib/storage/file-types';
import type { Storage } from '../../lib/storage/storage';
import type { Queue } from '../../plugins/queue';

export const RESUME_NOT_FOUND = 'No resume found.';
const missing = () => notFound(RESUME_NOT_FOUND, 'RESUME_NOT_FOUND');

/** Who is reading: null for anonymous visitors (and locked accounts, which read like them). */
export type Reader = { id: string; role: string; isAdmin: boolean } | null;

function toResume(row: ResumeRow): Resume {
  const ext = row.fileKey?.slice(row.fileKey.lastIndexOf('.') + 1);
  return {
    userId: row.userId,
    ...resumeContent(row),
    documentType: ext === 'pdf' || ext === 'doc' || ext === 'docx' ? ext : 'generated',
    // The version makes a changed resume a new URL, so no cache anywhere serves the old document.
    documentUrl: `/api/resumes/${encodeURIComponent(row.userId)}/document?v=${row.updatedAt.getTime()}`,
    documentStatus: documentState(row) === 'pending' ? 'pending' : 'ready',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
const toMyResume = (row: ResumeRow): MyResume => ({ ...toResume(row), visibility: row.visibility as MyResume['visibility'], discoverable: row.discoverable });

/** Turns "Employers can find me" on or off; the change holds for the next statement that reads candidates. Null without a resume. */
export async function setDiscoverable(db: Db, userId: string, discoverable: boolean): Promise<MyResume | null> {
  const [row] = await db.update(resumes).set({ discoverable }).where(eq(resumes.userId, userId)).returning();
  return row ? toMyResume(row) : null;
}

/**
 * Decision 0013: the owner and admins always; signed-in members when the setting is 'members';
 * employers when it is 'employers'; nobody else. Anonymous visitors never. Checked in the query.
 */
function readableBy(reader: Reader): SQL {
  if (!reader) return sql`false`;
  if (reader.isAdmin) return sql`true`;
  return or(eq(resumes.userId, reader.id), eq(resumes.visibility, 'members'), reader.role === 'employer' ? eq(resumes.visibility, 'employers') : sql`false`)!;
}

async function findReadable(db: Db, userId: string, reader: Reader): Promise<ResumeRow | null> {
  const [row] = await db
    .select()
    .from(resumes)
    .where(and(eq(resumes.userId, userId), readableBy(reader)));
  return row ?? null;
}

/** Your resume, or null before your first save: "none yet" is an answer, not an error. */
export async function getMyResume(db: Db, userId: string): Promise<MyResume | null> {
  const row = await findResumeRow(db, userId);
  return row ? toMyResume(row) : null;
}

/** Someone's resume as the reader may see it; "not found" both when there is none and when it is hidden. */
export async function getResume(db: Db, userId: string, reader: Reader): Promise<Resume> {
  const row = await findReadable(db, userId, reader);
  if (!row) throw missing();
  return toResume(row);
}

/** Queues the drawing of a resume's PDF in the caller's transaction; one waiting job per person is enough. */
export const queueResumePdf = (queue: Queue, tx: Db, userId: string) => queue.send(tx, 'resume-pdf', { userId }, { singletonKey: userId });

/**
 * Saves the caller's resume (one per person: an upsert on their own id, never one named in the
 * request). A new file overwrites resumes/resume-{userId}.{ext} (spec section 3); one under another
 * extension, or one the person removed, is deleted once the row no longer points at it. Without a
 * file, the PDF of the new fields is queued in the same transaction (decision 0047).
 */
export async function saveMyResume(
  db: Db,
  storage: Storage,
  queue: Queue,
  userId: string,
  body: SaveResume,
  /** An upload spooled to disk (plugins/storage.ts), stored as sent. */
  file?: { path: string; ext: string },
): Promise<MyResume> {
  const before = await findResumeRow(db, userId);
  const fileKey = file ? `resumes/resume-${userId}.${file.ext}` : body.removeFile ? null : undefined;
  if (file) await storage.putFile(fileKey!, file.path, contentTypeForKey(fileKey!));

  const fields = {
    fullName: body.fullName,
    phone: body.phone,
    email: body.email,
    summary: body.summary,
    education: body.education,
    experience: body.experience,
    skills: body.skills,
    certifications: body.certifications,
  };
  let row: ResumeRow;
  try {
    row = await db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(resumes)
        .values({ userId, ...fields, fileKey: fileKey ?? null, visibility: body.visibility ?? 'members' })
        .onConflictDoUpdate({
          target: resumes.userId,
          set: {
            ...fields,
            ...(fileKey !== undefined && { fileKey }),
            ...(body.visibility && { visibility: body.visibility }),
            updatedAt: sql`greatest(now(), ${resumes.updatedAt} + interval '1 millisecond')`,
          },
        })
        .returning();
      if (documentState(saved!) === 'pending') await queueResumePdf(queue, tx, userId);
      return saved!;
    });
  } catch (err) {
    // A file nobody's row points at is removed; one that overwrote the previous upload cannot be undone.
    if (file && before?.fileKey !== fileKey) await storage.delete(fileKey!).catch(() => {});
    throw err;
  }
  const old = before?.fileKey;
  if (old && old !== row.fileKey) await storage.delete(old).catch(() => {});
  queue.wake('resume-pdf');
  return toMyResume(row);
}

/**
 * The resume's document for a reader allowed to see it (null otherwise): its storage key, or null
 * while the PDF of its fields is still to be drawn.
 */
export async function findResumeDocument(db: Db, userId: string, reader: Reader): Promise<{ key: string | null; fullName: string } | null> {
  const row = await findReadable(db, userId, reader);
  if (!row) return null;
  return { key: resumeDocumentKey(row), fullName: row.fullName };
}

/** For the file sweep: which of these keys a resume row points to (its upload or its generated PDF). */
export async function referencedResumeKeys(db: Db, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await db
    .select({ fileKey: resumes.fileKey, generatedKey: resumes.generatedKey })
    .from(resumes)
    .where(or(inArray(resumes.fileKey, keys), inArray(resumes.generatedKey, keys)));
  return rows.flatMap((r) => [r.fileKey, r.generatedKey]).filter((k): k is string => !!k);
}
