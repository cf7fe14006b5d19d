/**
 * Headers for a stored document (a resume, an application's resume or cover letter) sent to
 * someone allowed to read it. A PDF opens in the browser's viewer (inline), anything else (doc,
 * docx) downloads. The file was written by a member, so a PDF is kept inert: `sandbox` gives the
 * page an opaque origin with no scripts, forms, popups or same-origin access to our cookies and API,
 * `default-src 'none'` lets it load nothing, and nosniff keeps the browser from reading the bytes as
 * anything but the type we name.
 */
export const DOCUMENT_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** `filename` must be ASCII; `fullName` (RFC 6266 `filename*`) carries the real, possibly accented, name. */
export function documentHeaders(opts: { contentType: string; ext: string; filename: string; fullName?: string; size: number }): Record<string, string> {
  const inline = opts.ext.toLowerCase() === 'pdf';
  const safe = (name: string) => name.replace(/[\\/:*?"<>|\r\n]+/g, ' ');
  let disposition = `${inline ? 'inline' : 'attachment'}; filename="${safe(opts.filename).replace(/[^\x20-\x7e]/g, '_')}"`;
  if (opts.fullName) disposition += `; filename*=UTF-8''${encodeURIComponent(safe(opts.fullName))}`;
  const headers: Record<string, string> = {
    'content-type': opts.contentType,
    'content-length': String(opts.size),
    'content-disposition': disposition,
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  };
  if (inline) headers['content-security-policy'] = DOCUMENT_CSP;
  return headers;
}
