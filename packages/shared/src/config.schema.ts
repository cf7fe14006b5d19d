import { z } from './zod';

/** GET /api/config: the server settings the web app shows (never a secret). */
export const publicConfig = z.object({
  /** The size cap of every uploaded file (MAX_UPLOAD_MB), for upload hints and the check before sending. */
  maxUploadBytes: z.number().int().positive(),
  /** The size cap of a video (MAX_VIDEO_MB), for the video field's hint and check. */
  maxVideoBytes: z.number().int().positive(),
  /** Where people write for account deletion and support (SUPPORT_EMAIL); the Terms page prints it. */
  supportEmail: z.string(),
  /** Days an application's documents are kept once it is Not selected or Withdrawn (APPLICATION_DOCUMENTS_RETENTION_DAYS); Apply says so. */
  applicationRetentionDays: z.number().int().positive(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
