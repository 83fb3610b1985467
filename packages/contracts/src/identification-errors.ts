/** Identity verification, agreements and activation (issue 5, ADR 0009); merged into `errorCatalog` in errors.ts. */
export const identificationErrors = {
  /** Spec section 8, verification failed. */
  IDENTIFICATION_FAILED: { status: 409, message: 'Bei der Verifzierung ist etwas schiefgelaufen' },
  /** Spec section 8, verification pending. */
  IDENTIFICATION_PENDING: { status: 409, message: 'Die Überprüfung der Daten dauert länger' },
  IDENTIFICATION_NOT_STARTED: { status: 409, message: 'Bitte starte zuerst die Identifizierung.' },
  IDENTIFICATION_IN_PROGRESS: {
    status: 409,
    message: 'Deine Identifizierung wird gerade geprüft. Wir melden uns per E-Mail, sobald sie fertig ist.',
  },
  IDENTIFICATION_BLOCKED: {
    status: 403,
    message: 'Eine neue Identifizierung ist nicht möglich. Bitte melde dich bei unserem Support.',
  },
  ALREADY_VERIFIED: { status: 409, message: 'Deine Identität ist bereits bestätigt.' },
  UPLOAD_MISSING: { status: 400, message: 'Bitte wähle eine Datei aus.' },
  UPLOAD_TYPE_NOT_ALLOWED: { status: 415, message: 'Bitte lade ein Foto (JPEG oder PNG) oder ein PDF hoch.' },
  UPLOAD_TOO_LARGE: { status: 413, message: 'Die Datei ist zu groß. Erlaubt sind höchstens 10 MB.' },
  IDENTIFICATION_DOCUMENT_NOT_FOUND: { status: 404, message: 'Dieses Dokument gibt es nicht.' },
  LEGAL_DOCUMENT_NOT_FOUND: { status: 404, message: 'Dieses Dokument gibt es nicht.' },
  /** Spec section 5, agreements. */
  SIGNATURE_EMPTY: { status: 400, message: 'There is no signature in the field!' },
  SIGNATURE_STEP_INVALID: { status: 409, message: 'Dieser Schritt der Signatur ist gerade nicht möglich.' },
  /** Spec section 8, wrong signature code. */
  SIGNATURE_CODE_WRONG: { status: 400, message: 'Der eingegebene Code ist leider falsch.' },
  SIGNATURE_CODE_EXPIRED: { status: 400, message: 'Der Code ist abgelaufen. Bitte fordere einen neuen an.' },
  SIGNATURE_CODE_LOCKED: { status: 429, message: 'Zu viele falsche Codes. Bitte fordere einen neuen an.' },
  SIGNATURE_RESEND_LIMIT: {
    status: 429,
    message: 'Du hast schon mehrere Codes angefordert. Bitte melde dich bei unserem Support.',
  },
  ACTIVATION_STEPS_MISSING: {
    status: 409,
    message: 'Bitte schließe zuerst alle Schritte der Registrierung ab.',
  },
} as const;
