// Reading what the SMTP sink stored: the raw MIME body of a multipart mail, split into its parts.
import { decodeQuotedPrintable } from '../apps/server/test/smtp';

export interface MimePart {
  headers: string;
  contentType: string;
  body: string;
}

/** Every leaf part of a (nested) multipart body, decoded (base64 / quoted-printable). */
export function mimeParts(raw: string): MimePart[] {
  const out: MimePart[] = [];
  const walk = (text: string) => {
    // The sink keeps the body without the top-level headers: there the body's first line is the boundary.
    const boundary = text.startsWith('--') ? text.slice(2, text.indexOf('\r\n')) : /boundary="?([^";\r\n]+)"?/i.exec(text)?.[1];
    if (!boundary) return;
    for (const chunk of text.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const [headers = '', ...rest] = chunk.replace(/^\r\n/, '').split('\r\n\r\n');
      let body = rest.join('\r\n\r\n').replace(/\r\n$/, '');
      const contentType = /^Content-Type:\s*([^;\r\n]+)/im.exec(headers)?.[1]?.toLowerCase() ?? 'text/plain';
      if (contentType.startsWith('multipart/')) {
        walk(`${headers}\r\n\r\n${body}`);
        continue;
      }
      if (/Content-Transfer-Encoding:\s*base64/i.test(headers)) body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      else if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) body = decodeQuotedPrintable(body);
      out.push({ headers, contentType, body });
    }
  };
  walk(raw);
  return out;
}
