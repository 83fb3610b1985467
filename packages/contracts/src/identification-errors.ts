/** Identity verification, agreements and activation (issue 5, ADR 0009); merged into `errorCatalog` in errors.ts. */
export const identificationErrors = {
  /** Spec section 8, verification failed. */
  IDENTIFICATION_FAILED: { status: 409 },
  /** Spec section 8, verification pending. */
  IDENTIFICATION_PENDING: { status: 409 },
  IDENTIFICATION_NOT_STARTED: { status: 409 },
  IDENTIFICATION_IN_PROGRESS: { status: 409 },
  IDENTIFICATION_BLOCKED: { status: 403 },
  ALREADY_VERIFIED: { status: 409 },
  UPLOAD_MISSING: { status: 400 },
  UPLOAD_TYPE_NOT_ALLOWED: { status: 415 },
  UPLOAD_TOO_LARGE: { status: 413 },
  IDENTIFICATION_DOCUMENT_NOT_FOUND: { status: 404 },
  LEGAL_DOCUMENT_NOT_FOUND: { status: 404 },
  /** Spec section 5, agreements. */
  SIGNATURE_EMPTY: { status: 400 },
  SIGNATURE_STEP_INVALID: { status: 409 },
  /** Spec section 8, wrong signature code. */
  SIGNATURE_CODE_WRONG: { status: 400 },
  SIGNATURE_CODE_EXPIRED: { status: 400 },
  SIGNATURE_CODE_LOCKED: { status: 429 },
  SIGNATURE_RESEND_LIMIT: { status: 429 },
  ACTIVATION_STEPS_MISSING: { status: 409 },
} as const;
