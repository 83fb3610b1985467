type ErrorEntry = { readonly status: number; readonly message: string };

/** The back office's error codes (issue 21), German as staff see them. */
export const backofficeErrors = {
  STAFF_UNAUTHENTICATED: { status: 401, message: 'Bitte melde dich im Back Office an.' },
  STAFF_FORBIDDEN: { status: 403, message: 'Deine Rolle darf das nicht.' },
  STAFF_LOGIN_FAILED: { status: 401, message: 'E-Mail, Passwort oder Code stimmen nicht.' },
  STAFF_LOGIN_THROTTLED: {
    status: 429,
    message: 'Zu viele fehlgeschlagene Anmeldungen. Bitte warte 15 Minuten.',
  },
  STAFF_EMAIL_TAKEN: { status: 409, message: 'Für diese E-Mail-Adresse gibt es schon ein Konto.' },
  STAFF_INVITATION_INVALID: {
    status: 400,
    message: 'Diese Einladung ist ungültig oder abgelaufen. Bitte lass dich neu einladen.',
  },
  STAFF_TOTP_WRONG: { status: 400, message: 'Der Code aus der Authenticator-App stimmt nicht.' },
  STAFF_PASSWORD_WEAK: {
    status: 400,
    message: 'Das Passwort braucht mindestens 12 Zeichen, einen Großbuchstaben und eine Ziffer.',
  },
  STAFF_NOT_FOUND: { status: 404, message: 'Diese Person gibt es im Back Office nicht.' },
  STAFF_SELF_CHANGE: { status: 409, message: 'Deine eigene Rolle oder Sperre kann nur jemand anderes ändern.' },
  ASSET_STAGE_TRANSITION_INVALID: {
    status: 409,
    message: 'Dieser Schritt passt nicht zur aktuellen Phase des Objekts.',
  },
  ASSET_FOUR_EYES_REQUIRED: {
    status: 409,
    message: 'Vier-Augen-Prinzip: Freigeben und Veröffentlichen muss eine andere Person als die, die eingereicht hat.',
  },
  ASSET_ID_TAKEN: { status: 409, message: 'Diese Objekt-ID ist schon vergeben.' },
  ASSET_NOT_EDITABLE: {
    status: 409,
    message: 'Veröffentlichte Objekte sind gesperrt: nur Ranking, Berichte, Bilder und Dokumente sind änderbar.',
  },
  PLACEMENT_EXCEEDS_AVAILABLE: {
    status: 409,
    message: 'So viele Anteile sind nicht mehr frei.',
  },
  ASSET_HISTORY_EXISTS: {
    status: 409,
    message: 'Für dieses Objekt gibt es schon eine Historie: übernommen wird nur einmal, vor der Veröffentlichung.',
  },
  ASSET_INCOMPLETE: { status: 400, message: 'Für die Prüfung fehlen noch Angaben.' },
  TEMPLATE_NOT_FOUND: { status: 404, message: 'Diese Vorlage gibt es nicht.' },
  FILE_TYPE_NOT_ALLOWED: { status: 415, message: 'Dieser Dateityp ist hier nicht erlaubt.' },
  IDENTIFICATION_NOT_IN_REVIEW: { status: 409, message: 'Diese Identifizierung wartet nicht auf eine Prüfung.' },
  INVESTOR_NOT_FOUND: { status: 404, message: 'Diesen Investor gibt es nicht.' },
  PURCHASE_NOT_AWAITING_WIRE: { status: 409, message: 'Dieser Kauf wartet nicht auf eine Überweisung.' },
  PAYOUT_NOT_WAITING: { status: 409, message: 'Diese Auszahlung wartet nicht auf eine Freigabe.' },
  CORRECTION_WOULD_OVERDRAW: {
    status: 409,
    message: 'Die Korrektur würde das Guthaben unter null bringen.',
  },
  BONUS_CODE_TAKEN: { status: 409, message: 'Diesen Bonus-Code gibt es schon.' },
  CAMPAIGN_NOT_FOUND: { status: 404, message: 'Diese Aktion gibt es nicht.' },
  CAMPAIGN_NOT_TIERED: { status: 409, message: 'Nur eine Staffel-Aktion wird am Ende ausgezahlt.' },
  CAMPAIGN_STILL_RUNNING: { status: 409, message: 'Die Aktion läuft noch: ausgezahlt wird nach ihrem Ende.' },
  CAMPAIGN_DISABLED: { status: 409, message: 'Diese Aktion wurde beendet und wird nicht ausgezahlt.' },
  CAMPAIGN_ALREADY_SETTLED: { status: 409, message: 'Diese Aktion ist schon ausgezahlt.' },
  PARTNER_TAKEN: { status: 409, message: 'Diese App-ID gibt es schon.' },
  PARTNER_COLORS_UNREADABLE: {
    status: 400,
    message: 'Diese Farben sind nicht gut lesbar (Kontrast unter 4,5:1).',
  },
} as const satisfies Record<string, ErrorEntry>;
