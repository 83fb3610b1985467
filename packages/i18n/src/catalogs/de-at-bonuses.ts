/** de-AT texts of the referral programme and the open bonuses (issue 25). Spread into the de-AT feature catalog. */
export const deATBonuses = {
  bonuses: {
    referralTitle: 'Freunde einladen',
    referralText:
      'Teile deinen Link. Investiert jemand darüber zum ersten Mal mindestens {{minimum}}, bekommt ihr beide einen Bonus: du {{referrer}}, die neue Person {{referee}}.',
    referralCode: 'Dein Empfehlungscode',
    referralCopy: 'Link kopieren',
    referralCopied: 'Link kopiert',
    referralShare: 'Link teilen',
    referralShareTitle: 'Investiere mit mir in Sachwerte',
    referralUnavailable: 'Empfehlen kannst du, sobald deine Identifizierung abgeschlossen ist.',
    openTitle: 'Deine offenen Boni',
    openEmpty: 'Gerade ist kein Bonus offen.',
    usable: 'Beim nächsten Kauf einlösbar',
    earning: 'Wird gutgeschrieben, sobald die Bedingung erfüllt ist',
    progress: '{{current}} von {{target}} investiert',
    tiersLabel: 'Bonusstufen',
    tierUpTo: 'bis {{amount}} investiert',
    rateApp: 'App jetzt bewerten',
    rateAppFailed: 'Das hat nicht geklappt. Bitte versuche es nochmal.',
    validUntil: 'gültig bis {{date}}',
  },
} as const;
