import {
  DOCUMENT_PROVIDER_PATH,
  ID_DOCUMENT_TYPES,
  IDENTIFICATION_PROVIDERS,
  IDENTITY_CHECK_RESULTS,
  type IdDocumentType,
  type IdentificationProvider,
  type IdentityCheckResult,
  SIGNATURE_STATUSES,
  type SignatureStatus,
  VERIFICATION_STATUSES,
  type VerificationStatus,
  VIDEO_PROVIDER_PATH,
} from '@bw/domain';
import { z } from 'zod';
import { TERMS_KINDS } from './onboarding.js';

export type { IdDocumentType, IdentificationProvider, IdentityCheckResult, SignatureStatus, VerificationStatus };
/**
 * Identity verification, agreements and activation (spec sections 2, 3, 4 and 7, issue 5; ADR 0009).
 * Two identification providers: `docident` (document + selfie, bank-account verification and the
 * qualified e-signature) and `videoident` (a video call; answers `data.idNowId`).
 */
export {
  DOCUMENT_PROVIDER_PATH,
  ID_DOCUMENT_TYPES,
  IDENTIFICATION_PROVIDERS,
  IDENTITY_CHECK_RESULTS,
  SIGNATURE_STATUSES,
  VERIFICATION_STATUSES,
  VIDEO_PROVIDER_PATH,
};

export const UPLOAD_KINDS = ['document', 'selfie'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** What the provider asks to redo after a check: the selfie (too bright) or nothing. */
export const RETAKE_KINDS = ['selfie'] as const;

/** Upload limits (spec section 9: "Upload may take up to one minute"). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const SELFIE_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
/** A drawn signature as SVG path data (`M x y L x y ...`); a few hundred KB at most. */
export const MAX_SIGNATURE_CHARS = 200_000;
/** The SMS code of the signature (spec section 8): digits, single use, expiring, limited tries. */
export const SIGNATURE_OTP_DIGITS = 6;

export const acceptedDocument = z.object({
  type: z.enum(ID_DOCUMENT_TYPES),
  /** The back side is needed (ID card, driving licence); a passport has one page. */
  needsBackSide: z.boolean(),
  contentTypes: z.array(z.string()),
  maxBytes: z.number().int(),
});
export const acceptedDocuments = z.array(acceptedDocument);
export type AcceptedDocument = z.infer<typeof acceptedDocument>;

const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9]{6,20}$/;

export const startIdentificationBody = z.strictObject({
  documentType: z.enum(ID_DOCUMENT_TYPES),
  documentNumber: z.string().trim().regex(DOCUMENT_NUMBER_PATTERN, 'Bitte gib die Dokumentnummer ein (6–20 Zeichen).'),
});
export type StartIdentificationBody = z.infer<typeof startIdentificationBody>;

export const uploadQuery = z.strictObject({ kind: z.enum(UPLOAD_KINDS).default('document') });

export const identificationDocumentView = z.object({
  id: z.string(),
  kind: z.enum([...UPLOAD_KINDS, 'signatureSelfie']),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
});
export type IdentificationDocumentView = z.infer<typeof identificationDocumentView>;

export const signatureView = z.object({
  status: z.enum(SIGNATURE_STATUSES),
  signingRequestId: z.string().nullable(),
  /** The legal document kinds the signature covers. */
  documents: z.array(z.enum(TERMS_KINDS)),
  otpSentTo: z.string().nullable(),
  otpExpiresAt: z.string().nullable(),
  signedAt: z.string().nullable(),
});
export type SignatureView = z.infer<typeof signatureView>;

/** `GET /api/v1/identification`: the caller's current verification state. */
export const identificationState = z.object({
  userStatus: z.enum(['new', 'verified', 'pending', 'active', 'deactivated']),
  provider: z.enum(IDENTIFICATION_PROVIDERS).nullable(),
  verificationId: z.string().nullable(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  identityCheck: z.enum(IDENTITY_CHECK_RESULTS),
  documentType: z.enum(ID_DOCUMENT_TYPES).nullable(),
  /** Set when the provider asks for a new selfie (too bright, spec section 8). */
  retake: z.enum(RETAKE_KINDS).nullable(),
  /** Another identification may be started (failed or invalid outcome, or waiting longer). */
  canRetry: z.boolean(),
  /** The reason a compliance officer gave after a manual review (issue 21), shown to the investor. */
  reviewReason: z.string().nullable(),
  idNowId: z.string().nullable(),
  documents: z.array(identificationDocumentView),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  signature: signatureView,
  /** Every required step is done and `POST /api/v2/user/activate` will succeed. */
  canActivate: z.boolean(),
  missingForActivation: z.array(z.string()),
});
export type IdentificationState = z.infer<typeof identificationState>;

export const videoIdentStart = z.object({
  idNowId: z.string(),
  /** Where the browser goes for the video call (IDnow); absent for the sandbox. */
  redirectUrl: z.url().optional(),
});
export type VideoIdentStart = z.infer<typeof videoIdentStart>;
/**
 * `GET .../docident/captureSession`: the token for the provider's own capture SDK (Onfido's web
 * SDK) and the workflow run it captures for; 404 where capture is by upload to our API (sandbox).
 */
export const captureSession = z.object({ provider: z.string(), sdkToken: z.string(), workflowRunId: z.string() });
export type CaptureSessionView = z.infer<typeof captureSession>;
/** `GET .../docident/signature/redirect`: the signer's page at the signature provider (Skribble); 404 otherwise. */
export const signerRedirect = z.object({ url: z.url() });
export const estimatedWaitingTime = z.object({ estimatedWaitingTimeSeconds: z.number().int().min(0) });
export const bavSession = z.object({ sessionId: z.string(), url: z.string() });

/** `POST .../signature`: the drawn signature as SVG path data (spec section 5: must not be empty). */
export const signatureBody = z.strictObject({ signature: z.string().max(MAX_SIGNATURE_CHARS) });
export const otpBody = z.strictObject({ otp: z.string().trim().max(12) });

/** Signed webhooks of the identification providers: headers and events. */
export const IDV_SIGNATURE_HEADER = 'x-idv-signature';
export const IDV_TIMESTAMP_HEADER = 'x-idv-timestamp';

export const idvEvent = z.discriminatedUnion('type', [
  z.object({
    eventId: z.string().min(1).max(100),
    type: z.literal('identity.checked'),
    caseId: z.string().min(1).max(100),
    result: z.enum(['pending', 'invalid_data', 'inconsistent_data', 'success', 'rejected', 'fraud']),
    /** After a successful check the provider may still ask for a bank-account verification or a QES. */
    next: z.enum(['none', 'bav', 'qes']).default('none'),
    reason: z.enum(['selfie_too_bright']).nullable().default(null),
  }),
  z.object({
    eventId: z.string().min(1).max(100),
    type: z.literal('bav.completed'),
    caseId: z.string().min(1).max(100),
    result: z.enum(['success', 'rejected']),
  }),
  z.object({
    eventId: z.string().min(1).max(100),
    type: z.literal('signature.completed'),
    signingRequestId: z.string().min(1).max(100),
    result: z.enum(['signed', 'rejected', 'error']),
  }),
]);
export type IdvEvent = z.infer<typeof idvEvent>;

export const idvWebhookResult = z.object({ outcome: z.enum(['applied', 'duplicate', 'ignored']) });
