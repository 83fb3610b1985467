/**
 * What a verification finds, as codes with parameters, and their explanation in German (the
 * browser page for investors) and English (the command line for auditors). The verifier is a
 * stand-alone open tool, so its texts live beside it rather than in the app's catalogue (ADR 0044).
 */

export type FindingParams = Readonly<Record<string, string | number>>;

const one = (count: string | number | undefined): boolean => Number(count) === 1;

const failureTexts = {
  FILE_UNREADABLE: {
    de: () => 'Die Datei lässt sich nicht lesen: Sie ist kein JSON. Lade den Nachweis erneut herunter.',
    en: () => 'The file is not JSON.',
  },
  FILE_FORMAT: {
    de: (p) =>
      `Die Datei ist kein gültiger Registernachweis (${p.detail}). Sie wurde verändert oder ist eine andere Datei.`,
    en: (p) => `The file is not a register proof or log of a known version (${p.detail}).`,
  },
  PLATFORM_KEY_INVALID: {
    de: () =>
      'Der Plattform-Schlüssel im Nachweis ist ungültig: Seine Kennung passt nicht zum Schlüssel. Die Datei wurde verändert.',
    en: () => 'The platform key is malformed or its key id is not the SHA-256 of the key.',
  },
  PLATFORM_KEY_DIFFERS: {
    de: () =>
      'Der Nachweis ist mit einem anderen Plattform-Schlüssel unterschrieben als dem, den du angegeben hast. Vergleiche den Schlüssel mit dem auf der Seite der veröffentlichten Wurzeln.',
    en: () => 'The proof names another platform key than the one given to the verifier.',
  },
  NO_ROOT: {
    de: () => 'Der Nachweis enthält keine veröffentlichte Wurzel, gegen die er sich prüfen ließe.',
    en: () => 'The proof holds no signed root.',
  },
  ROOT_OTHER_ASSET: {
    de: (p) => `Die Wurzel mit ${p.treeSize} Einträgen gehört zu einem anderen Objekt als der Nachweis.`,
    en: (p) => `The root of size ${p.treeSize} belongs to another asset.`,
  },
  ROOT_OTHER_KEY: {
    de: (p) =>
      `Die Wurzel mit ${p.treeSize} Einträgen ist nicht mit dem Plattform-Schlüssel des Nachweises unterschrieben.`,
    en: (p) => `The root of size ${p.treeSize} names another signing key than the platform key.`,
  },
  ROOT_SIGNATURE_INVALID: {
    de: (p) =>
      `Die Unterschrift der Plattform unter der Wurzel mit ${p.treeSize} Einträgen ist ungültig: Die Wurzel wurde nach dem Unterschreiben verändert oder nicht von der Plattform unterschrieben.`,
    en: (p) => `The platform signature on the root of size ${p.treeSize} does not verify.`,
  },
  ROOTS_OUT_OF_ORDER: {
    de: (p) =>
      `Die Wurzeln sind nicht in zeitlicher Reihenfolge: Die Wurzel mit ${p.treeSize} Einträgen ist kleiner oder älter als die davor. Ein Register wächst nur.`,
    en: (p) => `The roots are not in order: the root of size ${p.treeSize} is smaller or older than the one before it.`,
  },
  CONSISTENCY_MISSING: {
    de: (p) => `Es fehlt der Konsistenzbeweis zwischen den Wurzeln mit ${p.fromSize} und ${p.toSize} Einträgen.`,
    en: (p) => `No consistency proof between the roots of size ${p.fromSize} and ${p.toSize}.`,
  },
  CONSISTENCY_INVALID: {
    de: (p) =>
      `Die Wurzel mit ${p.toSize} Einträgen setzt die Wurzel mit ${p.fromSize} Einträgen nicht fort: Die frühere Geschichte des Registers wurde umgeschrieben, oder der Konsistenzbeweis ist verändert.`,
    en: (p) =>
      `The consistency proof from size ${p.fromSize} to ${p.toSize} does not verify: history was rewritten or the proof altered.`,
  },
  HOLDER_KEY_INVALID: {
    de: () => 'Einer deiner Schlüssel im Nachweis ist ungültig: Seine Kennung passt nicht zum Schlüssel.',
    en: () => 'A holder key is malformed or its key id is not the SHA-256 of the key.',
  },
  PSEUDONYM_MISMATCH: {
    de: () =>
      'Dein Pseudonym passt nicht zu deinem Objekt-Schlüssel und deiner Nutzer-ID: Der Nachweis belegt nicht, dass die Einträge dir gehören.',
    en: () => 'The pseudonym is not HMAC(asset key, user id): the proof does not show the entries are the holder’s.',
  },
  ENTRY_MALFORMED: {
    de: (p) => `Eintrag ${p.position} ist kein gültiger Registereintrag (${p.detail}).`,
    en: (p) => `Entry ${p.position} is malformed (${p.detail}).`,
  },
  ENTRY_OTHER_ASSET: {
    de: (p) => `Eintrag Nr. ${p.seq} gehört zu einem anderen Objekt.`,
    en: (p) => `Entry ${p.seq} belongs to another asset.`,
  },
  ENTRY_ORDER: {
    de: (p) => `Eintrag Nr. ${p.seq} steht doppelt oder nicht in der Reihenfolge des Registers.`,
    en: (p) => `Entry ${p.seq} is repeated or out of order.`,
  },
  ENTRY_BEYOND_ROOT: {
    de: (p) =>
      `Eintrag Nr. ${p.seq} ist jünger als die jüngste Wurzel (${p.treeSize} Einträge) und lässt sich noch nicht prüfen.`,
    en: (p) => `Entry ${p.seq} lies beyond the latest root (size ${p.treeSize}).`,
  },
  ENTRY_NOT_HOLDERS: {
    de: (p) => `Eintrag Nr. ${p.seq} betrifft dich nicht: Weder Absender noch Empfänger ist dein Pseudonym.`,
    en: (p) => `Entry ${p.seq} moves no shares from or to the holder’s pseudonym.`,
  },
  INCLUSION_INVALID: {
    de: (p) =>
      `Der Nachweis passt nicht zur veröffentlichten Wurzel: Eintrag Nr. ${p.seq} ist nicht in der Wurzel mit ${p.treeSize} Einträgen enthalten. Der Eintrag oder sein Prüfpfad wurde verändert.`,
    en: (p) =>
      `Entry ${p.seq} is not included in the root of size ${p.treeSize}: the entry or its audit path was altered.`,
  },
  CHAIN_BROKEN: {
    de: (p) =>
      `Die Hash-Kette ist unterbrochen: Eintrag Nr. ${p.seq} verweist nicht auf den Eintrag davor, wie er im Register steht. Einträge wurden verändert, entfernt oder vertauscht.`,
    en: (p) =>
      `The hash chain breaks at entry ${p.seq}: its prev is not the hash of entry ${Number(p.seq) - 1} in the register.`,
  },
  OWN_SIGNATURE_MISSING: {
    de: (p) =>
      `Zu Eintrag Nr. ${p.seq} fehlt deine Unterschrift: Ein Kauf oder Verkauf braucht deine Freigabe in der Sicherheits-App.`,
    en: (p) =>
      `Entry ${p.seq} is a purchase or trade of the holder without an authorisation by one of the holder’s keys.`,
  },
  PAYLOAD_MISSING: {
    de: (p) => `Zu Eintrag Nr. ${p.seq} fehlt der Auftrag, den du unterschrieben hast.`,
    en: (p) => `Entry ${p.seq}: the holder’s signed payload is missing.`,
  },
  PAYLOAD_NOT_CANONICAL: {
    de: (p) =>
      `Der unterschriebene Auftrag zu Eintrag Nr. ${p.seq} ist nicht in der festgelegten Form und wurde verändert.`,
    en: (p) => `Entry ${p.seq}: the signed payload is not canonical.`,
  },
  PAYLOAD_OTHER_USER: {
    de: (p) => `Der unterschriebene Auftrag zu Eintrag Nr. ${p.seq} gehört zu einem anderen Konto.`,
    en: (p) => `Entry ${p.seq}: the signed payload names another user id.`,
  },
  PAYLOAD_OTHER_ASSET: {
    de: (p) => `Der unterschriebene Auftrag zu Eintrag Nr. ${p.seq} betrifft ein anderes Objekt.`,
    en: (p) => `Entry ${p.seq}: the signed payload names another asset.`,
  },
  INVESTOR_SIGNATURE_INVALID: {
    de: (p) =>
      `Deine Unterschrift zu Eintrag Nr. ${p.seq} ist ungültig: Der Auftrag wurde nach deiner Freigabe verändert oder nicht mit deinem Schlüssel unterschrieben.`,
    en: (p) => `Entry ${p.seq}: the holder’s Ed25519 signature does not verify.`,
  },
  ENTRY_MISSING: {
    de: (p) =>
      `Vor Eintrag Nr. ${p.seq} fehlt einer deiner Einträge oder steht ein fremder: Der Nachweis ist unvollständig oder verändert.`,
    en: (p) =>
      `Entry ${p.seq} does not point to the holder's previous entry in the file: an entry is missing or foreign.`,
  },
  NEGATIVE_HOLDING: {
    de: (p) =>
      `Nach Eintrag Nr. ${p.seq} wäre dein Bestand negativ: Im Nachweis fehlt ein Eintrag, mit dem du Anteile erhalten hast.`,
    en: (p) => `After entry ${p.seq} a holding would be negative: an entry is missing.`,
  },
  EXTERNAL_ROOT_MALFORMED: {
    de: (p) => `Die angegebene Wurzel ist keine gültige unterschriebene Wurzel (${p.detail}).`,
    en: (p) => `The given root is not a signed tree head (${p.detail}).`,
  },
  EXTERNAL_ROOT_OTHER_ASSET: {
    de: () => 'Die angegebene Wurzel gehört zu einem anderen Objekt als der Nachweis.',
    en: () => 'The given root belongs to another asset.',
  },
  EXTERNAL_ROOT_SIGNATURE_INVALID: {
    de: () => 'Die Unterschrift der Plattform unter der angegebenen Wurzel ist ungültig.',
    en: () => 'The platform signature on the given root does not verify.',
  },
  EXTERNAL_ROOT_CONFLICT: {
    de: (p) =>
      `Der Nachweis passt nicht zur veröffentlichten Wurzel: Für ${p.treeSize} Einträge nennt er einen anderen Hash als die angegebene Wurzel. Die Plattform hat zwei verschiedene Geschichten unterschrieben – melde das bitte.`,
    en: (p) => `The proof's root of size ${p.treeSize} differs from the given root: two signed histories exist.`,
  },
  EXTERNAL_ROOT_UNKNOWN: {
    de: (p) =>
      `Die angegebene Wurzel mit ${p.treeSize} Einträgen fehlt in der Liste der veröffentlichten Wurzeln des Nachweises.`,
    en: (p) => `The given root of size ${p.treeSize} is not among the proof's published roots.`,
  },
  EXTERNAL_ROOT_NEWER: {
    de: (p) =>
      `Die angegebene Wurzel (${p.treeSize} Einträge) ist neuer als dein Nachweis (${p.latestSize} Einträge). Lade einen aktuellen Nachweis herunter und prüfe ihn erneut.`,
    en: (p) => `The given root (size ${p.treeSize}) is newer than the proof's latest root (size ${p.latestSize}).`,
  },
  LOG_SEQUENCE: {
    de: (p) =>
      `An Stelle ${p.position} des Registers steht Eintrag Nr. ${p.seq}: Ein Eintrag fehlt oder ist vertauscht.`,
    en: (p) => `Position ${p.position} of the log holds entry ${p.seq}: an entry is missing or out of place.`,
  },
  LOG_ROOT_MISMATCH: {
    de: (p) =>
      `Die Einträge ergeben nicht die unterschriebene Wurzel mit ${p.treeSize} Einträgen: Das Register wurde verändert.`,
    en: (p) => `The entries do not hash to the signed root of size ${p.treeSize}: the log was altered.`,
  },
  LOG_TOO_SHORT: {
    de: (p) => `Das Register enthält nur ${p.entries} Einträge, die Wurzel aber ${p.treeSize}.`,
    en: (p) => `The log holds ${p.entries} entries but a root covers ${p.treeSize}.`,
  },
} satisfies Record<string, { de: (p: FindingParams) => string; en: (p: FindingParams) => string }>;

const passTexts = {
  ROOTS_SIGNED: {
    de: (p) =>
      one(p.count)
        ? 'Die veröffentlichte Wurzel trägt eine gültige Unterschrift der Plattform.'
        : `Alle ${p.count} veröffentlichten Wurzeln tragen eine gültige Unterschrift der Plattform.`,
    en: (p) => `${p.count} signed root${one(p.count) ? '' : 's'} verify under the platform key.`,
  },
  ROOTS_CONSISTENT: {
    de: (p) =>
      `${one(p.count) ? 'Ein Konsistenzbeweis' : `${p.count} Konsistenzbeweise`}: Jede Wurzel setzt die vorige fort, nichts wurde umgeschrieben.`,
    en: (p) => `${p.count} consistency proof${one(p.count) ? '' : 's'} verify: each root extends the one before.`,
  },
  PSEUDONYM_OK: {
    de: () => 'Dein Pseudonym ergibt sich aus deiner Nutzer-ID und deinem Objekt-Schlüssel.',
    en: () => 'The pseudonym derives from the user id and asset key.',
  },
  ENTRIES_INCLUDED: {
    de: (p) =>
      one(p.count)
        ? 'Dein Eintrag ist in der jüngsten Wurzel enthalten.'
        : `${p.count} deiner Einträge sind in der jüngsten Wurzel enthalten.`,
    en: (p) => `${p.count} entr${one(p.count) ? 'y' : 'ies'} included in the latest root.`,
  },
  CHAIN_LINKED: {
    de: (p) =>
      one(p.count)
        ? 'Dein Eintrag verweist richtig auf seinen Vorgänger im Register (Hash-Kette).'
        : `${p.count} deiner Einträge verweisen richtig auf ihren Vorgänger im Register (Hash-Kette).`,
    en: (p) => `${p.count} hash chain link${one(p.count) ? '' : 's'} verify.`,
  },
  OWN_SIGNATURES: {
    de: (p) => (one(p.count) ? 'Deine Unterschrift ist gültig.' : `${p.count} deiner Unterschriften sind gültig.`),
    en: (p) => `${p.count} holder signature${one(p.count) ? '' : 's'} verify.`,
  },
  EXTERNAL_ROOT_MATCHES: {
    de: (p) => `Die angegebene Wurzel (${p.treeSize} Einträge) ist im Nachweis enthalten und passt.`,
    en: (p) => `The given root (size ${p.treeSize}) matches the proof.`,
  },
  LOG_RECOMPUTED: {
    de: (p) => `${p.entries} Einträge, lückenlos verkettet, ergeben alle ${p.roots} unterschriebenen Wurzeln.`,
    en: (p) => `${p.entries} chained entries hash to all ${p.roots} signed roots.`,
  },
} satisfies Record<string, { de: (p: FindingParams) => string; en: (p: FindingParams) => string }>;

export type FailureCode = keyof typeof failureTexts;
export type PassCode = keyof typeof passTexts;
export type Failure = { code: FailureCode; params: FindingParams };
export type Pass = { code: PassCode; params: FindingParams };
export type VerifierLanguage = 'de' | 'en';

export const describeFailure = (failure: Failure, language: VerifierLanguage): string =>
  failureTexts[failure.code][language](failure.params);

export const describePass = (pass: Pass, language: VerifierLanguage): string =>
  passTexts[pass.code][language](pass.params);

export const failureCodes = Object.keys(failureTexts) as FailureCode[];
