/**
 * What each kind of upload accepts: the server checks files by content against `types` (the stored
 * extension is the sniffed one), and the web app builds each file field's `accept`, its hint and
 * its check on choosing from the same lists, so a form never offers what the server refuses.
 *
 * - photo: pictures re-encoded by the server (ad images and preview frames, consultant photos).
 * - image: pictures stored as uploaded (avatars).
 * - video: ad videos, stored as uploaded; capped by MAX_VIDEO_MB instead of MAX_UPLOAD_MB.
 * - document: resumes and cover letters.
 */
export const UPLOAD_KINDS = {
  photo: {
    types: { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', avif: 'image/avif', heic: 'image/heic' },
    // HEIF is the container iPhones write HEIC photos in; browsers name either type.
    alsoTypes: ['image/heif'],
    alsoExtensions: ['.jpeg', '.heif'],
    formats: 'JPEG, PNG, WebP, GIF, AVIF or HEIC',
    cap: 'upload',
  },
  image: {
    types: { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' },
    alsoTypes: [],
    alsoExtensions: ['.jpeg'],
    formats: 'JPEG, PNG, WebP or GIF',
    cap: 'upload',
  },
  video: {
    types: { mp4: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' },
    alsoTypes: [],
    alsoExtensions: ['.m4v'],
    formats: 'MP4, WebM or MOV',
    cap: 'video',
  },
  document: {
    types: {
      pdf: 'application/pdf',
      doc: 'application/msword',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
    alsoTypes: [],
    alsoExtensions: [],
    formats: 'PDF, DOC or DOCX',
    cap: 'upload',
  },
} as const satisfies Record<
  string,
  { types: Record<string, string>; alsoTypes: readonly string[]; alsoExtensions: readonly string[]; formats: string; cap: 'upload' | 'video' }
>;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** The defaults of MAX_UPLOAD_MB and MAX_VIDEO_MB; a server may set others (GET /api/config says which). */
export const DEFAULT_MAX_UPLOAD_MB = 5;
export const DEFAULT_MAX_VIDEO_MB = 50;

/** MIME types and extensions a file field of this kind offers (`<input accept>`). */
export function uploadAccept(kind: UploadKind): string {
  const k = UPLOAD_KINDS[kind];
  const types = [...Object.values(k.types), ...k.alsoTypes];
  const extensions = [...Object.keys(k.types).map((ext) => `.${ext}`), ...k.alsoExtensions];
  return [...new Set([...types, ...extensions])].join(',');
}

/**
 * Why a chosen file cannot be sent, before sending it: 'type' when neither its type nor its name is
 * of the kind (a browser may leave the type empty, e.g. for HEIC, so the name counts too), 'size'
 * past the cap in bytes. The server checks the content again; this only spares a doomed upload.
 */
export function uploadProblem(kind: UploadKind, file: { name: string; type: string; size: number }, capBytes: number | undefined): 'type' | 'size' | null {
  const k = UPLOAD_KINDS[kind];
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  const typeOk = (Object.values(k.types) as string[]).includes(type) || (k.alsoTypes as readonly string[]).includes(type);
  const nameOk = [...Object.keys(k.types).map((ext) => `.${ext}`), ...k.alsoExtensions].some((ext) => name.endsWith(ext));
  if (!typeOk && !nameOk) return 'type';
  if (capBytes !== undefined && file.size > capBytes) return 'size';
  return null;
}
