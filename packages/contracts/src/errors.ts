/**
 * The closed set of error codes, one table per domain, each code with its HTTP status. The text
 * a caller reads comes from the error catalogue of `@bw/i18n` in the caller's language (ADR
 * 0042); a test checks both hold the same codes. Domains add their table here; `errorCatalog`
 * merges them and the type system keeps it exhaustive.
 */
import { alertErrors } from './alerts.js';
import { assetErrors } from './assets-errors.js';
import { autoInvestErrors } from './auto-invest.js';
import { backofficeErrors } from './backoffice/errors.js';
import { bulletinBoardErrors } from './bulletin-board.js';
import { distributionErrors } from './distributions.js';
import { filesErrors } from './files.js';
import { forumErrors } from './forum.js';
import { identificationErrors } from './identification-errors.js';
import { knowledgeAndExperienceErrors } from './knowledge-and-experience-errors.js';
import { notificationErrors } from './notifications.js';
import { passkeyErrors } from './passkeys.js';
import { primaryMarketErrors } from './primary-market-errors.js';
import { registrationErrors } from './registration.js';
import { reinvestmentErrors } from './reinvestment.js';
import { savingsErrors } from './savings.js';
import { dataExportErrors, settingsErrors } from './settings.js';
import { shareRegisterErrors } from './share-register.js';
import { switchAccountErrors } from './switch-account.js';

type ErrorEntry = { readonly status: number };

export const platformErrors = {
  VALIDATION_FAILED: { status: 400 },
  MALFORMED_JSON: { status: 400 },
  BAD_REQUEST: { status: 400 },
  INPUT_NUL_CHARACTER: { status: 400 },
  INPUT_MALFORMED_TEXT: { status: 400 },
  UNAUTHENTICATED: { status: 401 },
  FORBIDDEN: { status: 403 },
  ROUTE_NOT_FOUND: { status: 404 },
  NOT_FOUND: { status: 404 },
  METHOD_NOT_ALLOWED: { status: 405 },
  CONFLICT: { status: 409 },
  IDEMPOTENCY_KEY_REUSED: { status: 422 },
  URI_TOO_LONG: { status: 414 },
  PAYLOAD_TOO_LARGE: { status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  RATE_LIMITED: { status: 429 },
  INTERNAL: { status: 500 },
  SERVICE_UNAVAILABLE: { status: 503 },
  /** An external provider (payments, identification, signature, SMS) does not answer or its circuit is open (issue 38). */
  PROVIDER_UNAVAILABLE: { status: 503 },
  /** The disk of the document store is full (ENOSPC, issue 41): the upload is refused, nothing else stops. */
  STORAGE_FULL: { status: 507 },
} as const satisfies Record<string, ErrorEntry>;

export const partnerErrors = {
  PARTNER_NOT_FOUND: { status: 404 },
} as const satisfies Record<string, ErrorEntry>;

/** Accounts and sessions (spec sections 5 and 8; ADR 0003). */
export const authErrors = {
  LOGIN_MISMATCH: { status: 401 },
  LOGIN_INCORRECT_PASSWORD: { status: 401 },
  LOGIN_THROTTLED: { status: 429 },
  SECURITY_LOCK: { status: 429 },
  CODE_WRONG: { status: 400 },
  TOKEN_INVALID: { status: 400 },
  EMAIL_INVALID: { status: 400 },
  EMAIL_TAKEN: { status: 409 },
  CSRF_FAILED: { status: 403 },
  PASSWORD_TOO_SHORT: { status: 400 },
  PASSWORD_NEEDS_CAPITAL: { status: 400 },
  PASSWORD_TOO_COMMON: { status: 400 },
  PASSWORD_ALREADY_SET: { status: 409 },
  EXTERNAL_LOGIN_FAILED: { status: 400 },
} as const satisfies Record<string, ErrorEntry>;

/** The user's own data (spec sections 5 and 8). */
export const userErrors = {
  PASSWORD_INCORRECT: { status: 400 },
  PASSWORD_CHANGE_FAILED: { status: 400 },
} as const satisfies Record<string, ErrorEntry>;

/** Payment account, ledger and payouts (spec sections 5 and 8; ADR 0005). */
export const paymentErrors = {
  PAYOUT_BELOW_MINIMUM: { status: 400 },
  PAYOUT_INSUFFICIENT_FUNDS: { status: 400 },
  PAYOUT_CODE_WRONG: { status: 400 },
  PAYOUT_CODE_EXPIRED: { status: 400 },
  PAYOUT_CODE_LOCKED: { status: 429 },
  PAYOUT_ACCOUNT_REQUIRED: { status: 400 },
  PAYOUT_ACCOUNT_NOT_FOUND: { status: 404 },
  PAYOUT_START_LIMIT: { status: 429 },
  PAYOUT_NOT_CONFIRMABLE: { status: 409 },
  PHONE_REQUIRED: { status: 400 },
  PAYMENT_ACCOUNT_NOT_FOUND: { status: 404 },
  PAYMENT_ACCOUNT_NOT_ALLOWED: { status: 403 },
  TRANSACTION_NOT_FOUND: { status: 404 },
  LEDGER_INSUFFICIENT_BALANCE: { status: 409 },
  IBAN_INVALID: { status: 400 },
  WEBHOOK_SIGNATURE_INVALID: { status: 401 },
  WEBHOOK_TIMESTAMP_STALE: { status: 400 },
  WEBHOOK_OUT_OF_ORDER: { status: 409 },
} as const satisfies Record<string, ErrorEntry>;

/** Security app and signing requests (spec sections 4, 6 and 8; ADR 0007). */
export const securityAppErrors = {
  SECURITY_APP_NOT_CONNECTED: { status: 409 },
  SECURITY_APP_LINKING_FAILED: { status: 400 },
  SECURITY_APP_UNLINK_FAILED: { status: 400 },
  SECURITY_APP_ALREADY_LINKED: { status: 409 },
  PAIRING_CODE_INVALID: { status: 400 },
  SECURITY_APP_UNAUTHENTICATED: { status: 401 },
  SIGNING_REQUEST_NOT_FOUND: { status: 404 },
  SIGNING_REQUEST_NOT_PENDING: { status: 409 },
  SIGNING_REQUEST_EXPIRED: { status: 410 },
  SIGNATURE_INVALID: { status: 400 },
  OFFER_VISIBILITY_NOT_ALLOWED: { status: 403 },
} as const satisfies Record<string, ErrorEntry>;

/** Onboarding and compliance: personal data, phone, tax (spec sections 5 and 8, issue 5). */
export const onboardingErrors = {
  PHONE_DIGITS_ONLY: { status: 400 },
  /** Spec section 8, "Phone wrong": check and retry. */
  PHONE_INVALID: { status: 400 },
  /** Spec section 8, "Phone already used": the client offers to contact support or to log in. */
  PHONE_TAKEN: { status: 409 },
  BIRTH_DATE_REQUIRED: { status: 400 },
  BIRTH_DATE_INVALID: { status: 400 },
  BIRTH_DATE_UNDERAGE: { status: 400 },
  ADDRESS_INCOMPLETE: { status: 400 },
  /** Spec section 5: only natural persons resident in Austria may register. */
  RESIDENCE_NOT_ALLOWED: { status: 400 },
  SOCIAL_SECURITY_NUMBER_INVALID: { status: 400 },
  TAX_ID_INVALID: { status: 400 },
  /** A church member's German federal state decides 8 % or 9 % Kirchensteuer (ADR 0030, ADR 0035). */
  CHURCH_TAX_STATE_REQUIRED: { status: 400 },
  /** Spec section 5: each terms checkbox must be accepted. */
  TERMS_NOT_ACCEPTED: { status: 400 },
} as const satisfies Record<string, ErrorEntry>;

export const errorCatalog = {
  ...platformErrors,
  ...partnerErrors,
  ...assetErrors,
  ...primaryMarketErrors,
  ...registrationErrors,
  ...authErrors,
  ...userErrors,
  ...paymentErrors,
  ...securityAppErrors,
  ...onboardingErrors,
  ...knowledgeAndExperienceErrors,
  ...identificationErrors,
  ...bulletinBoardErrors,
  ...backofficeErrors,
  ...distributionErrors,
  ...notificationErrors,
  ...forumErrors,
  ...filesErrors,
  ...settingsErrors,
  ...dataExportErrors,
  ...switchAccountErrors,
  ...reinvestmentErrors,
  ...savingsErrors,
  ...autoInvestErrors,
  ...alertErrors,
  ...shareRegisterErrors,
  ...passkeyErrors,
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalog;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCatalog, code);
