import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/app';
import { setRole as setRoleOf } from '../../../test/consultants';
import { multipart, type Client } from '../../../test/http';
import { adCategories } from '../../db/schema';

type Part = Parameters<typeof multipart>[0][number];

/** An MP4's first box (ftyp, brand isom) followed by padding: recognised by its content, `size` bytes long. */
export function fakeMp4(size = 4096): Buffer {
  const head = Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f326d703431', 'hex');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 1)]).subarray(0, size);
}

/** A byte pattern whose every position is recognisable, for Range checks. */
export function patternedMp4(size: number): Buffer {
  const data = fakeMp4(size);
  for (let i = 28; i < size; i++) data[i] = i % 251;
  return data;
}

export async function categoryId(t: TestApp, slug = 'vehicles'): Promise<string> {
  const [row] = await t.database.db.select().from(adCategories).where(eq(adCategories.slug, slug));
  return row!.id;
}

/** As test/consultants.ts setRole: an admin also gets two-factor set up. */
export const setRole = (t: TestApp, id: string, role: string) => setRoleOf(t.database, id, role);

export interface AdForm {
  title?: string;
  description?: string;
  categoryId?: string;
  /** Required by the API; 'Jamaica' unless given, null to leave it out. */
  country?: string | null;
  extra?: Record<string, string>;
  image?: { data: Buffer; filename?: string; contentType?: string };
  video?: { data: Buffer; filename?: string; contentType?: string };
  preview?: { data: Buffer; filename?: string };
}

export function adForm(form: AdForm) {
  const parts: Part[] = [];
  const country = form.country === undefined ? 'Jamaica' : (form.country ?? undefined);
  const text = { title: form.title, description: form.description, categoryId: form.categoryId, country, ...form.extra };
  for (const [name, value] of Object.entries(text)) if (value !== undefined) parts.push({ name, data: value });
  if (form.image)
    parts.push({ name: 'image', filename: form.image.filename ?? 'photo.jpg', contentType: form.image.contentType ?? 'image/jpeg', data: form.image.data });
  if (form.video)
    parts.push({ name: 'video', filename: form.video.filename ?? 'clip.mp4', contentType: form.video.contentType ?? 'video/mp4', data: form.video.data });
  if (form.preview) parts.push({ name: 'preview', filename: form.preview.filename ?? 'preview.png', contentType: 'image/png', data: form.preview.data });
  return multipart(parts);
}

export const postAd = (client: Client, form: AdForm) => client.request({ method: 'POST', url: '/api/ads', ...adForm(form) });
export const patchAd = (client: Client, id: string, form: AdForm) => client.request({ method: 'PATCH', url: `/api/ads/${id}`, ...adForm(form) });
