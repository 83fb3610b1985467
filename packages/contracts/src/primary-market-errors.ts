/**
 * Primary market, bonuses and the builder-owner model (issue 9); merged into `errorCatalog` in
 * errors.ts. The INVESTMENT_ refusals of the trade rules answer every buy path alike (ADR 0040).
 */
export const primaryMarketErrors = {
  INVESTMENT_NOT_VERIFIED: {
    status: 403,
    message: 'Nur verifizierte Nutzer können investieren. Bitte schließe zuerst deine Verifizierung ab.',
  },
  INVESTMENT_NOT_IN_FINANCING_PHASE: {
    status: 409,
    message: 'Dieses Objekt ist nicht mehr in der Finanzierungsphase. Anteile gibt es jetzt am Marktplatz.',
  },
  INVESTMENT_SHARES_NOT_AVAILABLE: { status: 409, message: 'Not that many shares are available.' },
  INVESTMENT_BELOW_MINIMUM_SUBSCRIPTION: {
    status: 400,
    message: 'Die Mindestzeichnung für dieses Objekt ist höher. Bitte wähle mehr Anteile.',
  },
  INVESTMENT_PERSONAL_DATA_REQUIRED: {
    status: 409,
    message:
      'Für dieses Investment brauchen wir deine Adresse und dein Geburtsdatum. Du kannst sie in deinen persönlichen Daten angeben.',
  },
  INVESTMENT_RESIDENCE_NOT_ALLOWED: {
    status: 403,
    message: 'Investieren können derzeit nur Personen mit Wohnsitz in Österreich.',
  },
  /** Spec section 5, word for word. */
  INVESTMENT_UNDERAGE: { status: 403, message: 'Diese Plattform ist nur für Personen über 18 Jahren zugänglich.' },
  INVESTMENT_GERMAN_TAX_ID_REQUIRED: {
    status: 409,
    message: 'Für dieses Investment brauchen wir deine deutsche Steuer-ID. Du kannst sie in den Einstellungen angeben.',
  },
  INVESTMENT_CHURCH_TAX_ANSWER_REQUIRED: {
    status: 409,
    message:
      'Für dieses Investment brauchen wir deine Angabe zur Kirchensteuer. Du kannst sie in den Einstellungen machen.',
  },
  INVESTMENT_AUSTRIAN_TAX_ID_REQUIRED: {
    status: 409,
    message:
      'Für dieses Investment brauchen wir deine österreichische Steuernummer. Du kannst sie in den Einstellungen angeben.',
  },
  INVESTMENT_5K_CONFIRMATION_REQUIRED: {
    status: 409,
    message:
      'Bitte bestätige, dass der Betrag höchstens dem Doppelten deines durchschnittlichen monatlichen Nettoeinkommens der letzten 12 Monate oder 10 % deines Finanzvermögens entspricht.',
  },
  INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED: {
    status: 409,
    message:
      'Nach deinen Angaben zu Kenntnissen und Erfahrungen ist dieses Investment für dich nicht angemessen oder nicht prüfbar. Möchtest du trotzdem fortfahren?',
  },
  INVESTMENT_INSUFFICIENT_FUNDS: {
    status: 409,
    message: 'Auf deinem Zahlungskonto ist nicht genug Geld. Bitte lade dein Konto auf.',
  },
  INVESTMENT_NOT_FOUND: { status: 404, message: 'Diesen Kauf gibt es nicht.' },
  INVESTMENT_NOT_CANCELABLE: {
    status: 409,
    message: 'Dieser Kauf kann nicht mehr storniert werden.',
  },
  INVESTMENT_NOT_BUILDER_OWNER: {
    status: 409,
    message: 'Notartermine und Zahlungsanforderungen gibt es nur beim Bauherrenmodell.',
  },
  REFERRAL_NOT_VERIFIED: {
    status: 403,
    message: 'Empfehlen kannst du, sobald deine Identifizierung abgeschlossen ist.',
  },
  REFERRAL_DISABLED: { status: 404, message: 'Das Empfehlungsprogramm gibt es bei diesem Partner nicht.' },
  REFERRAL_SELF: { status: 409, message: 'Deinen eigenen Empfehlungscode kannst du nicht verwenden.' },
  AFFILIATE_NOT_FOUND: { status: 404, message: 'Diesen Affiliate-Partner gibt es nicht.' },
  AFFILIATE_ID_TAKEN: { status: 409, message: 'Diese Affiliate-ID ist schon vergeben.' },
  BONUS_CODE_NOT_FOUND: { status: 404, message: 'Diesen Bonus-Code gibt es nicht.' },
  BONUS_CODE_EXPIRED: { status: 410, message: 'Dieser Bonus-Code ist leider abgelaufen.' },
  BONUS_CODE_USED_UP: { status: 409, message: 'Dieser Bonus-Code wurde bereits zu oft eingelöst.' },
  BONUS_CODE_ALREADY_REDEEMED: { status: 409, message: 'Du hast diesen Bonus-Code bereits eingelöst.' },
  BONUS_CODES_DISABLED: { status: 404, message: 'Bonus-Codes gibt es bei diesem Partner nicht.' },
  NOTARY_APPOINTMENT_NOT_FOUND: { status: 404, message: 'Diesen Notartermin gibt es nicht.' },
  NOTARY_APPOINTMENT_FULL: {
    status: 409,
    message: 'Dieser Notartermin ist leider schon ausgebucht. Bitte wähle einen anderen.',
  },
  PREORDER_NOT_POSSIBLE: {
    status: 409,
    message: 'Eine Vormerkung ist für dieses Objekt nicht möglich.',
  },
  MANUAL_INVESTMENT_SIGNATURES_REQUIRED: {
    status: 400,
    message: 'There is no signature in the field!',
  },
} as const;
