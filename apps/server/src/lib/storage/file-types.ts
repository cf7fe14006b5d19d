import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { UPLOAD_KINDS } from '@caribconnect/shared';

/**
 * What each kind of upload may be, by content (packages/shared's UPLOAD_KINDS, which the forms'
 * hints and checks read too). The extension we store is the sniffed one.
 */
export const FILE_KINDS = {
  image: UPLOAD_KINDS.image.types,
  /** Pictures that go through lib/images (re-encoded to WebP, never served as uploaded). */
  photo: UPLOAD_KINDS.photo.types,
  video: UPLOAD_KINDS.video.types,
  document: UPLOAD_KINDS.document.types,
} as const;
export type FileKind = keyof typeof FILE_KINDS;

const ALL_TYPES: Record<string, string> = Object.assign({}, ...Object.values(FILE_KINDS));

export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return ALL_TYPES[ext] ?? 'application/octet-stream';
}

/**
 * Returns the extension to store the file under, or null when its bytes are not of the kind.
 * The name and the browser's claimed type are ignored: a PNG-named HTML file is refused. A file
 * (a spooled upload, by its path) is read only as far as its type needs: a few KB, or the first
 * entries of a zip for DOCX.
 */
export async function sniff(data: Buffer | string, kind: FileKind): Promise<string | null> {
  const detected = typeof data === 'string' ? await fileTypeFromFile(data) : await fileTypeFromBuffer(data);
  if (!detected) return null;
  const allowed = FILE_KINDS[kind] as Record<string, string>;
  // Old Word files are OLE compound documents; file-type names them "cfb".
  if (kind === 'document' && detected.ext === 'cfb') return 'doc';
  const ext = detected.ext === 'jpeg' ? 'jpg' : detected.ext;
  return ext in allowed ? ext : null;
}
