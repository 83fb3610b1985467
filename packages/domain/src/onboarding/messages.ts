/** The German messages of spec section 5 for the onboarding rules, word for word where the spec gives one. */
export const onboardingMessages = {
  birthDateRequired: 'Gib das Geburtsdatum ein.',
  birthDateInvalid: 'Das Geburtsdatum ist nicht korrekt.',
  birthDateUnderage: 'Diese Plattform ist nur für Personen über 18 Jahren zugänglich.',
  phoneDigitsOnly: 'Es sind nur Zahlen erlaubt.',
  phoneInvalid: 'Diese Handynummer ist nicht gültig. Bitte prüfe sie und versuche es nochmal.',
  taxIdInvalid: 'Ungültig',
  socialSecurityNumberInvalid: 'Ungültig',
  ibanInvalid: 'Die IBAN ist ungültig.',
  required: 'Bitte fülle dieses Feld aus.',
  postcodeInvalid: 'Die Postleitzahl ist nicht korrekt.',
  residenceNotAustria: 'Derzeit können sich nur Personen mit Wohnsitz in Österreich registrieren.',
  confirmationRequired: 'Bitte bestätige diesen Punkt.',
} as const;
