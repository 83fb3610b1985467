/**
 * The closed set of error codes, one table per domain, each code with its HTTP status
 * and the German message users see (spec section 8 where it gives one). Domains add
 * their table here; `errorCatalog` merges them and the type system keeps it exhaustive.
 */
import { assetErrors } from './assets-errors.js';

type ErrorEntry = { readonly status: number; readonly message: string };

export const platformErrors = {
  VALIDATION_FAILED: { status: 400, message: 'Die Eingaben sind ungültig.' },
  MALFORMED_JSON: { status: 400, message: 'Die Anfrage ist kein gültiges JSON.' },
  BAD_REQUEST: { status: 400, message: 'Die Anfrage ist ungültig.' },
  UNAUTHENTICATED: { status: 401, message: 'Bitte melde dich an.' },
  FORBIDDEN: { status: 403, message: 'Dafür fehlt dir die Berechtigung.' },
  ROUTE_NOT_FOUND: { status: 404, message: 'Diese Adresse gibt es nicht.' },
  NOT_FOUND: { status: 404, message: 'Das gesuchte Element gibt es nicht.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Diese Methode ist hier nicht erlaubt.' },
  CONFLICT: { status: 409, message: 'Die Anfrage steht im Konflikt mit dem aktuellen Stand.' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'Dieser Idempotenz-Schlüssel wurde bereits für eine andere Anfrage verwendet.',
  },
  URI_TOO_LONG: { status: 414, message: 'Die Adresse ist zu lang.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Die Anfrage ist zu groß.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Dieses Format wird nicht unterstützt.' },
  RATE_LIMITED: { status: 429, message: 'Zu viele Anfragen. Bitte warte kurz und versuche es dann nochmal.' },
  INTERNAL: {
    status: 500,
    message: 'Es ist ein Fehler aufgetreten. Bitte versuche es nochmal oder kontaktiere den Support.',
  },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Der Dienst ist gerade nicht erreichbar. Bitte versuche es gleich nochmal.' },
} as const satisfies Record<string, ErrorEntry>;

export const partnerErrors = {
  PARTNER_NOT_FOUND: { status: 404, message: 'Diesen Partner gibt es nicht.' },
} as const satisfies Record<string, ErrorEntry>;

export const errorCatalog = {
  ...platformErrors,
  ...partnerErrors,
  ...assetErrors,
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalog;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCatalog, code);
