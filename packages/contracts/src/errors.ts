/**
 * The closed set of error codes, one table per domain, each code with its HTTP status
 * and the German message users see (spec section 8 where it gives one). Domains add
 * their table here; `errorCatalog` merges them and the type system keeps it exhaustive.
 */
import { onboardingMessages } from '@bw/domain';
import { assetErrors } from './assets-errors.js';
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
import { settingsErrors } from './settings.js';
import { shareRegisterErrors } from './share-register.js';
import { switchAccountErrors } from './switch-account.js';

type ErrorEntry = { readonly status: number; readonly message: string };

export const platformErrors = {
  VALIDATION_FAILED: { status: 400, message: 'Die Eingaben sind ungültig.' },
  MALFORMED_JSON: { status: 400, message: 'Die Anfrage ist kein gültiges JSON.' },
  BAD_REQUEST: { status: 400, message: 'Die Anfrage ist ungültig.' },
  INPUT_NUL_CHARACTER: { status: 400, message: 'Die Anfrage enthält ein unzulässiges Zeichen.' },
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
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'Der Dienst ist gerade nicht erreichbar. Bitte versuche es gleich nochmal.',
  },
  /** An external provider (payments, identification, signature, SMS) does not answer or its circuit is open (issue 38). */
  PROVIDER_UNAVAILABLE: {
    status: 503,
    message: 'Unser Partnerdienst ist gerade nicht erreichbar. Bitte versuche es später nochmal.',
  },
} as const satisfies Record<string, ErrorEntry>;

export const partnerErrors = {
  PARTNER_NOT_FOUND: { status: 404, message: 'Diesen Partner gibt es nicht.' },
} as const satisfies Record<string, ErrorEntry>;

/** Accounts and sessions (spec sections 5 and 8; ADR 0003). */
export const authErrors = {
  LOGIN_MISMATCH: { status: 401, message: 'Password and e-mail address do not match.' },
  LOGIN_INCORRECT_PASSWORD: { status: 401, message: 'Sorry, the password you entered is incorrect.' },
  LOGIN_THROTTLED: {
    status: 429,
    message: 'Zu viele Anmeldeversuche. Bitte warte ein paar Minuten und versuche es dann nochmal.',
  },
  SECURITY_LOCK: {
    status: 429,
    message:
      'Aus Sicherheitsgründen haben wir diese Funktion verübergehend gesperrt. Bitte melde dich bei unserem Support.',
  },
  CODE_WRONG: { status: 400, message: 'Der eingegebene Code ist falsch.' },
  TOKEN_INVALID: { status: 400, message: 'Dieser Link ist ungültig oder abgelaufen. Bitte fordere einen neuen an.' },
  EMAIL_INVALID: { status: 400, message: 'Die eingegebene E-Mail Adresse ist ungültig.' },
  EMAIL_TAKEN: { status: 409, message: 'Diese E-Mail-Adresse ist bereits registriert. Bitte melde dich an.' },
  CSRF_FAILED: { status: 403, message: 'Die Anfrage konnte nicht bestätigt werden. Bitte lade die Seite neu.' },
  PASSWORD_TOO_SHORT: { status: 400, message: 'Das Passwort muss mindestens 10 Zeichen lang sein.' },
  PASSWORD_NEEDS_CAPITAL: { status: 400, message: 'Das Passwort muss mindestens einen Großbuchstaben enthalten.' },
  PASSWORD_TOO_COMMON: {
    status: 400,
    message: 'Dieses Passwort ist zu bekannt und leicht zu erraten. Bitte wähle ein anderes.',
  },
  PASSWORD_ALREADY_SET: {
    status: 409,
    message: 'Du hast bereits ein Passwort. Du kannst es in den Einstellungen ändern.',
  },
  EXTERNAL_LOGIN_FAILED: {
    status: 400,
    message: 'Die Anmeldung mit ichApp hat nicht geklappt. Bitte versuche es nochmal.',
  },
} as const satisfies Record<string, ErrorEntry>;

/** The user's own data (spec sections 5 and 8). */
export const userErrors = {
  PASSWORD_INCORRECT: { status: 400, message: 'Passwort ist nicht korrekt' },
  PASSWORD_CHANGE_FAILED: { status: 400, message: 'Fehler beim Ändern des Passworts.' },
} as const satisfies Record<string, ErrorEntry>;

/** Payment account, ledger and payouts (spec sections 5 and 8; ADR 0005). */
export const paymentErrors = {
  PAYOUT_BELOW_MINIMUM: { status: 400, message: 'The minimum payout amount is € 0,10.' },
  PAYOUT_INSUFFICIENT_FUNDS: { status: 400, message: 'You do not have enough money available' },
  PAYOUT_CODE_WRONG: { status: 400, message: 'Der eingebene Code ist leider falsch' },
  PAYOUT_CODE_EXPIRED: { status: 400, message: 'Der Code ist abgelaufen. Bitte starte die Auszahlung nochmal.' },
  PAYOUT_CODE_LOCKED: {
    status: 429,
    message: 'Zu viele falsche Codes. Bitte starte die Auszahlung nochmal.',
  },
  PAYOUT_ACCOUNT_REQUIRED: {
    status: 400,
    message: 'Bitte füge zuerst ein Auszahlungskonto hinzu: überweise mindestens 1 Cent von deinem eigenen Konto.',
  },
  PAYOUT_ACCOUNT_NOT_FOUND: { status: 404, message: 'Dieses Auszahlungskonto gibt es nicht.' },
  PAYOUT_START_LIMIT: {
    status: 429,
    message: 'Du hast zu oft eine Auszahlung gestartet. Bitte warte eine Stunde und versuche es dann nochmal.',
  },
  PAYOUT_NOT_CONFIRMABLE: { status: 409, message: 'Diese Auszahlung kann nicht mehr bestätigt werden.' },
  PHONE_REQUIRED: { status: 400, message: 'Bitte hinterlege zuerst deine Handynummer.' },
  PAYMENT_ACCOUNT_NOT_FOUND: { status: 404, message: 'Dieses Zahlungskonto gibt es nicht.' },
  PAYMENT_ACCOUNT_NOT_ALLOWED: {
    status: 403,
    message: 'Dein Zahlungskonto wird eröffnet, sobald deine Identität bestätigt ist.',
  },
  TRANSACTION_NOT_FOUND: { status: 404, message: 'Diese Transaktion gibt es nicht.' },
  LEDGER_INSUFFICIENT_BALANCE: { status: 409, message: 'Dafür reicht dein verfügbares Guthaben nicht.' },
  IBAN_INVALID: { status: 400, message: 'Die IBAN ist ungültig.' },
  WEBHOOK_SIGNATURE_INVALID: { status: 401, message: 'Die Signatur der Nachricht ist ungültig.' },
  WEBHOOK_TIMESTAMP_STALE: { status: 400, message: 'Der Zeitstempel der Nachricht ist zu alt.' },
  WEBHOOK_OUT_OF_ORDER: { status: 409, message: 'Die Nachricht kommt zu früh; bitte später nochmal senden.' },
} as const satisfies Record<string, ErrorEntry>;

/** Security app and signing requests (spec sections 4, 6 and 8; ADR 0007). */
export const securityAppErrors = {
  SECURITY_APP_NOT_CONNECTED: {
    status: 409,
    message: 'Es ist noch keine Security App verbunden. Diese wird zum fortfahren benötigt.',
  },
  SECURITY_APP_LINKING_FAILED: { status: 400, message: 'Linking failed' },
  SECURITY_APP_UNLINK_FAILED: {
    status: 400,
    message: 'An error has occurred. Please write us so we can take care of your request.',
  },
  SECURITY_APP_ALREADY_LINKED: {
    status: 409,
    message: 'Es ist bereits eine Security App verbunden. Entferne sie zuerst mit deiner Wiederherstellungsdatei.',
  },
  PAIRING_CODE_INVALID: { status: 400, message: 'Dieser Kopplungscode ist ungültig oder abgelaufen.' },
  SECURITY_APP_UNAUTHENTICATED: {
    status: 401,
    message: 'Diese Security App ist nicht mehr verbunden. Bitte kopple sie neu.',
  },
  SIGNING_REQUEST_NOT_FOUND: { status: 404, message: 'Diese Signaturanfrage gibt es nicht.' },
  SIGNING_REQUEST_NOT_PENDING: { status: 409, message: 'Diese Signaturanfrage wurde bereits beantwortet.' },
  SIGNING_REQUEST_EXPIRED: { status: 410, message: 'Diese Signaturanfrage ist abgelaufen.' },
  SIGNATURE_INVALID: { status: 400, message: 'Die Signatur passt nicht zu dieser Anfrage.' },
  OFFER_VISIBILITY_NOT_ALLOWED: {
    status: 403,
    message: 'Mit einer privaten Security App kannst du nur private Angebote erstellen, annehmen und sehen.',
  },
} as const satisfies Record<string, ErrorEntry>;

/** Onboarding and compliance: personal data, phone, tax (spec sections 5 and 8, issue 5). */
export const onboardingErrors = {
  PHONE_DIGITS_ONLY: { status: 400, message: onboardingMessages.phoneDigitsOnly },
  /** Spec section 8, "Phone wrong": check and retry. */
  PHONE_INVALID: { status: 400, message: onboardingMessages.phoneInvalid },
  /** Spec section 8, "Phone already used": the client offers to contact support or to log in. */
  PHONE_TAKEN: {
    status: 409,
    message:
      'Diese Handynummer gehört bereits zu einem anderen Konto. Melde dich damit an oder kontaktiere unseren Support.',
  },
  BIRTH_DATE_REQUIRED: { status: 400, message: onboardingMessages.birthDateRequired },
  BIRTH_DATE_INVALID: { status: 400, message: onboardingMessages.birthDateInvalid },
  BIRTH_DATE_UNDERAGE: { status: 400, message: onboardingMessages.birthDateUnderage },
  ADDRESS_INCOMPLETE: { status: 400, message: 'Bitte gib deine vollständige Adresse ein.' },
  /** Spec section 5: only natural persons resident in Austria may register. */
  RESIDENCE_NOT_ALLOWED: { status: 400, message: onboardingMessages.residenceNotAustria },
  SOCIAL_SECURITY_NUMBER_INVALID: { status: 400, message: onboardingMessages.socialSecurityNumberInvalid },
  TAX_ID_INVALID: { status: 400, message: onboardingMessages.taxIdInvalid },
  /** A church member's German federal state decides 8 % or 9 % Kirchensteuer (ADR 0030, ADR 0035). */
  CHURCH_TAX_STATE_REQUIRED: {
    status: 400,
    message: 'Bitte wähle das Bundesland, in dem du kirchensteuerpflichtig bist.',
  },
  /** Spec section 5: each terms checkbox must be accepted. */
  TERMS_NOT_ACCEPTED: { status: 400, message: 'Bitte akzeptiere alle Bedingungen, um fortzufahren.' },
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
  ...switchAccountErrors,
  ...reinvestmentErrors,
  ...shareRegisterErrors,
  ...passkeyErrors,
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalog;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCatalog, code);
