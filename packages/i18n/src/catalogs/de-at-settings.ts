/**
 * de-AT texts of the settings screens (issue 20): tax IDs, church tax, social security number,
 * financial advisor, consents, documents, account deletion. Spread into the lazily loaded
 * features; informal "du". 'Ungültig' is the spec's message (section 5).
 */
export const deATSettings = {
  accountSettings: {
    loading: 'Wird geladen …',
    saved: 'Gespeichert.',
    save: 'Speichern',
    cancel: 'Abbrechen',
    error: 'Das hat nicht geklappt. Bitte versuche es nochmal.',
    taxTitle: 'Steuerdaten',
    taxText:
      'Für Produkte in Deutschland brauchen wir deine deutsche Steuer-Identifikationsnummer und deine Angabe zur Kirchensteuer, für österreichische Genussrechte deine österreichische Steuernummer.',
    taxIdGerman: 'Deutsche Steuer-ID',
    taxIdAustrian: 'Österreichische Steuernummer',
    taxIdMissing: 'Nicht angegeben',
    taxIdEnter: 'Eingeben',
    taxIdChange: 'Ändern',
    germanTaxIdModalTitle: 'Deutsche Steuer-ID',
    germanTaxIdModalText:
      'Deine Steuer-Identifikationsnummer hat 11 Ziffern. Du findest sie auf deinem Einkommensteuerbescheid, deiner Lohnsteuerbescheinigung oder im Schreiben des Bundeszentralamts für Steuern.',
    germanTaxIdLabel: 'Steuer-Identifikationsnummer',
    austrianTaxNumberModalTitle: 'Österreichische Steuernummer',
    austrianTaxNumberModalText:
      'Deine Steuernummer hat 9 Ziffern (Finanzamtsnummer und Steuerkontonummer), z. B. 12-345/6789.',
    austrianTaxNumberLabel: 'Steuernummer',
    churchTaxTitle: 'Kirchensteuer',
    churchTaxQuestion: 'Bist du Mitglied einer kirchensteuerpflichtigen Religionsgemeinschaft in Deutschland?',
    churchTaxYes: 'Ja',
    churchTaxNo: 'Nein',
    ssnTitle: 'Sozialversicherungsnummer',
    ssnText:
      'Deine österreichische Sozialversicherungsnummer (NNNNTTMMJJ). Gespeichert sind nur die letzten Ziffern sichtbar.',
    ssnCurrent: 'Gespeichert: {{value}}',
    ssnLabel: 'Sozialversicherungsnummer',
    advisorTitle: 'Finanzberater oder Tippgeber',
    advisorText: 'Hat dich jemand zu uns gebracht? Das hilft uns, die richtige Person zu vergüten.',
    consentTitle: 'Newsletter und Analyse',
    newsletter: 'Ich möchte den Newsletter mit neuen Objekten und Neuigkeiten per E-Mail bekommen.',
    analytics:
      'Ich bin einverstanden, dass meine Nutzung der App anonymisiert ausgewertet wird, damit sie besser wird.',
    securityAppTitle: 'Security App',
    securityAppText: 'Verbinde, entferne oder stelle deine Security App wieder her.',
    documentsTitle: 'Dokumente',
    documentsText: 'Alle Vereinbarungen, die du unterschrieben hast, und deine Steuerbescheinigungen.',
    documentsEmpty: 'Noch keine Dokumente. Sobald du Vereinbarungen unterschreibst, findest du sie hier.',
    documentAgreement: 'Unterschrieben am {{date}}',
    documentTaxStatement: 'Ausgestellt für {{year}}',
    deletionTitle: 'Konto löschen',
    deletionText:
      'Wir löschen dein Konto 4 bis 7 Tage nach deiner Bestätigung per E-Mail. Vorher müssen alle Anteile verkauft, alle Angebote gelöscht und dein Guthaben ausgezahlt sein.',
    deletionRequest: 'Löschung beantragen',
    deletionRequested: 'Wir haben dir eine E-Mail geschickt. Bestätige die Löschung über den Link darin.',
    deletionConfirmed: 'Die Löschung ist bestätigt. Dein Konto wird am {{date}} gelöscht.',
    deletionConfirming: 'Die Löschung wird bestätigt …',
    deletionWithdraw: 'Löschung zurückziehen',
    deletionAsk: 'Willst du dein Konto wirklich löschen? Das kann nicht rückgängig gemacht werden.',
    deletionYes: 'Ja, Konto löschen',
  },
} as const;
