import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_UPLOAD_MB, DEFAULT_MAX_VIDEO_MB, UPLOAD_KINDS, type UploadKind } from '@caribconnect/shared/constants/uploads';
import en from '../locales/en/uploads.json';

const hint = (kind: UploadKind, mb: number) => en.hint.replace('{{types}}', en.types[kind]).replace('{{mb}}', String(mb));

describe("file fields' hints", () => {
  it('name in English exactly the formats the server takes (packages/shared UPLOAD_KINDS)', () => {
    for (const kind of Object.keys(UPLOAD_KINDS) as UploadKind[]) expect(en.types[kind], kind).toBe(UPLOAD_KINDS[kind].formats);
  });

  it('read as the issue asks, with the default caps', () => {
    expect(hint('photo', DEFAULT_MAX_UPLOAD_MB)).toBe('JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 5 MB');
    expect(hint('video', DEFAULT_MAX_VIDEO_MB)).toBe('MP4, WebM or MOV, up to 50 MB');
  });
});
