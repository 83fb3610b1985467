import { z } from 'zod';

/**
 * Uploaded files and attachments (issue 23 "write us, with attachments through
 * `POST /api/v1/data/file`", issue 24 "messages … with attachments", "options with attachments").
 * The upload is multipart with the field `file`; the answer names the file, and a support request,
 * a forum message or a voting option takes the ids of the caller's own files.
 */

/** At most 10 MB per file, as for identification documents. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Files per support request, forum message or voting option. */
export const MAX_ATTACHMENTS = 5;
/** Spec section 9: "Upload may take up to one minute." */
export const UPLOAD_TIMEOUT_MS = 60_000;
/** Read from the bytes, never from the client's claim. */
export const ATTACHMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
/** What the file picker offers (the server decides from the bytes). */
export const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp';
export const ATTACHMENT_FILE_NAME_MAX = 200;

export const fileRef = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.enum(ATTACHMENT_CONTENT_TYPES),
  sizeBytes: z.number().int().positive(),
});
export type FileRef = z.infer<typeof fileRef>;

/** The answer of `POST /api/v1/data/file`. */
export const uploadedFile = fileRef.extend({ createdAt: z.string() });
export type UploadedFile = z.infer<typeof uploadedFile>;

export const fileParams = z.object({ fileId: z.uuid() });

/** The attachment ids of a request body: the caller's own files, not attached elsewhere yet. */
export const attachmentIds = z
  .array(z.uuid({ error: 'Diese Datei gibt es nicht.' }), { error: 'Die Anhänge sind ungültig.' })
  .max(MAX_ATTACHMENTS, { error: `Du kannst höchstens ${MAX_ATTACHMENTS} Dateien anhängen.` })
  .default([]);

export const filesErrors = {
  FILE_MISSING: { status: 400 },
  FILE_TOO_LARGE: { status: 413 },
  FILE_TYPE_REFUSED: { status: 415 },
  FILE_NOT_FOUND: { status: 404 },
  FILE_ALREADY_ATTACHED: { status: 409 },
  UPLOAD_TIMEOUT: { status: 408 },
} as const;
