/**
 * de-AT texts of the security-app screens (issue 8): linking, the update (re-link) screen, private
 * apps, signing requests. Spread into the de-AT catalog. Texts the spec quotes (section 8) verbatim.
 */
export const deATSecurityApp = {
  securityApp: {
    title: 'Sicherheits-App verbinden',
    updateTitle: 'Sicherheits-App aktualisieren',
    updateText:
      'Neues Handy oder die App neu installiert? Entferne die alte Verbindung mit deiner Wiederherstellungsdatei und kopple die Sicherheits-App danach neu.',
    status: 'Status:',
    statusNew: 'Kopplung läuft',
    statusActive: 'Verbunden',
    statusDisconnected: 'Nicht verbunden',
    noApp: 'Es ist noch keine Sicherheits-App verbunden. Sie wird zum Fortfahren benötigt.',
    requestsTitle: 'Signaturanfragen',
    requestsEmpty: 'Noch keine Signaturanfragen.',
    loading: 'Wird geladen …',
    pairTitle: 'Sicherheits-App koppeln',
    pairText: 'Öffne die Sicherheits-App auf deinem Handy und gib dort diesen Code ein. Er gilt 10 Minuten.',
    pairOpen: 'Sicherheits-App öffnen',
    pairShow: 'Kopplungscode anzeigen',
    pairFailed: 'Das hat nicht geklappt. Bitte versuche es nochmal.',
    unlinkTitle: 'Sicherheits-App entfernen',
    unlinkText:
      'Wähle die Wiederherstellungsdatei, die du beim Koppeln gesichert hast. Hast du sie verloren, hilft dir unser Support.',
    unlinkChoose: 'Datei auswählen',
    unlinkFile: 'Wiederherstellungsdatei',
    unlinkFailed: 'Es ist ein Fehler aufgetreten. Bitte schreib uns, damit wir uns um dein Anliegen kümmern können.',
    requestPending: 'Wartet auf Bestätigung in der Sicherheits-App',
    requestSigned: 'Bestätigt',
    requestRejected: 'Abgelehnt',
    requestExpired: 'Abgelaufen',
    privateTitle: 'Private Sicherheits-App',
    privateText:
      'Baust du deine eigene Sicherheits-App? Füge ihren öffentlichen Ed25519-Schlüssel ein (32 Bytes, base64url). Danach kannst du nur noch private Angebote erstellen, annehmen und sehen.',
    privateKeyLabel: 'Öffentlicher Schlüssel',
    privateSubmit: 'Private Sicherheits-App verbinden',
    privateLinkFailed:
      'Die Verbindung mit der Sicherheits-App ist fehlgeschlagen. Bitte prüfe den öffentlichen Schlüssel.',
    privateLinked: 'Private Sicherheits-App verbunden',
    privateRecovery: 'Dein Wiederherstellungsschlüssel (zum Entfernen, nur jetzt sichtbar):',
  },
} as const;
