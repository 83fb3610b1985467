/**
 * Identity verification enumerations (spec section 3; ADR 0009): shared by the database schema
 * and the API contracts.
 */
export const VERIFICATION_STATUSES = [
  'new',
  'pending',
  'manualCheck',
  'bavRequired',
  'kycRequired',
  'qesRequired',
  'success',
  'rejected',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const IDENTITY_CHECK_RESULTS = [
  'new',
  'pending',
  'invalid_data',
  'inconsistent_data',
  'success',
  'rejected',
  'fraud',
] as const;
export type IdentityCheckResult = (typeof IDENTITY_CHECK_RESULTS)[number];

export const SIGNATURE_STATUSES = [
  'new',
  'pending',
  'selfie_required',
  'kyc_required',
  'user_consent_required',
  'confirmation_required',
  'signed',
  'rejected',
  'error',
] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];

/** Spec section 2: passport, ID card, driving licence. */
export const ID_DOCUMENT_TYPES = ['passport', 'idCard', 'drivingLicence'] as const;
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];

/** The two identification providers, by the path segment of their routes (spec section 7). */
export const DOCUMENT_PROVIDER_PATH = 'docident';
export const VIDEO_PROVIDER_PATH = 'videoident';
export const IDENTIFICATION_PROVIDERS = [DOCUMENT_PROVIDER_PATH, VIDEO_PROVIDER_PATH] as const;
export type IdentificationProvider = (typeof IDENTIFICATION_PROVIDERS)[number];
