import type { AppLocale } from '../locales.js';
import { errorTextsDeAT } from './de-at.js';
import { errorTextsEn } from './en.js';
import { looksEnglish, looksGerman } from './language-words.js';

/**
 * Field texts in the answer's language (ADR 0042 addendum, issue 35). The rules write their
 * message at a field in German (the contracts' zod rules and the German zod messages, the domain's
 * validation texts, the operations' `AppError` fields); this catalogue gives each of those German
 * texts its English one. `{{n}}` stands for the number or word a rule fills in. A code's own text
 * (an error text used at a field, like the password rules) is translated through the error
 * catalogue. `fieldTexts.test.ts` checks both sides and that every text a rule writes is here.
 */
export const fieldTextsEn: Readonly<Record<string, string>> = {
  // The German zod messages (packages/contracts german-zod-messages.ts)
  'Bitte ausfüllen.': 'Please fill in.',
  'Bitte mindestens {{n}} Zeichen eingeben.': 'Please enter at least {{n}} characters.',
  'Höchstens {{n}} Zeichen.': 'At most {{n}} characters.',
  'Bitte mehr als {{n}} eingeben.': 'Please enter more than {{n}}.',
  'Mindestens {{n}}.': 'At least {{n}}.',
  'Bitte weniger als {{n}} eingeben.': 'Please enter less than {{n}}.',
  'Höchstens {{n}}.': 'At most {{n}}.',
  'Bitte eine gültige E-Mail-Adresse eingeben.': 'Please enter a valid e-mail address.',
  'Das Format stimmt nicht.': 'The format is not right.',
  'Ungültiger Wert.': 'Invalid value.',
  // The contracts' own messages
  'Die eingegebene E-Mail Adresse ist ungültig.': 'The e-mail address entered is invalid.',
  'Betrag in Cent (ganze Zahl, ≥ 0)': 'Amount in cents (whole number, ≥ 0)',
  'Betrag in Cent als ganze Zahl': 'Amount in cents as a whole number',
  'Betrag in Cent': 'Amount in cents',
  'Betrag in Cent, größer als 0': 'Amount in cents, more than 0',
  'Bitte akzeptiere die Bedingungen.': 'Please accept the terms.',
  'Bitte beschreibe kurz, wie die Abweichung geklärt wurde.': 'Please describe briefly how the difference was settled.',
  'Bitte eine gültige Telefonnummer angeben.': 'Please give a valid phone number.',
  'Bitte eine vollständige Adresse mit https:// angeben.': 'Please give a full address with https://.',
  'Bitte fülle dieses Feld aus.': 'Please fill in this field.',
  'Bitte gib den Bonus an.': 'Please give the bonus.',
  'Bitte gib den Namen des Unternehmens an.': 'Please give the company name.',
  'Bitte gib die Dokumentnummer ein (6–20 Zeichen).': 'Please enter the document number (6–20 characters).',
  'Bitte gib einen Grund an.': 'Please give a reason.',
  'Bitte gib einen Namen an.': 'Please give a name.',
  'Bitte gib einen Titel an.': 'Please give a title.',
  'Bitte wähle den Fragebogen (flow: old oder new).': 'Please choose the questionnaire (flow: old or new).',
  'Bitte wähle ein Land.': 'Please choose a country.',
  'Bitte wähle einen Partner.': 'Please choose a partner.',
  'Das Ende des Zeitraums liegt vor seinem Beginn.': 'The end of the period is before its start.',
  'Das Ende muss nach dem Beginn liegen.': 'The end must be after the start.',
  'Dateiname ohne Pfad': 'File name without a path',
  'Datum YYYY-MM-DD': 'Date YYYY-MM-DD',
  'Datum im Format JJJJ-MM-TT': 'Date as YYYY-MM-DD',
  'Dein Feedback ist zu lang.': 'Your feedback is too long.',
  'Der Betreff ist zu lang.': 'The subject is too long.',
  'Der Titel ist zu kurz.': 'The title is too short.',
  'Die Anfrage ist ungültig.': 'The request is invalid.',
  'Die Anhänge sind ungültig.': 'The attachments are invalid.',
  'Die Antwort ist ungültig.': 'The answer is invalid.',
  'Die Antwort ist zu lang.': 'The answer is too long.',
  'Die Nachricht ist zu lang.': 'The message is too long.',
  'Die Telefonnummer ist nicht gültig.': 'The phone number is not valid.',
  'Diese Datei gibt es nicht.': 'This file does not exist.',
  'Diese Mitteilung gibt es nicht.': 'This notification does not exist.',
  'Diesen Kanal gibt es nicht.': 'This channel does not exist.',
  'Eine Gebührenerstattung ist immer eine Gutschrift an den Investor.':
    'A fee refund is always a credit to the investor.',
  'Eine Kennung wie at.partner.app angeben.': 'Give an identifier like at.partner.app.',
  'Eine Staffel braucht mindestens eine Stufe.': 'A tier table needs at least one tier.',
  'Farbe muss #RRGGBB sein': 'The colour must be #RRGGBB',
  'Gib einen Betreff ein.': 'Enter a subject.',
  'Höchstens 1.000 Basispunkte (10 %).': 'At most 1,000 basis points (10 %).',
  'Höchstens {{n}} Stufen.': 'At most {{n}} tiers.',
  'Höchstens {{n}} Intro-Folien.': 'At most {{n}} intro slides.',
  'Höchstens {{n}} Tage.': 'At most {{n}} days.',
  'ISIN: 12 Zeichen': 'ISIN: 12 characters',
  'Jedes Produkt nur einmal.': 'Each product only once.',
  'Ländercode, z. B. AT': 'Country code, e.g. AT',
  'Mindestens 1 Tag.': 'At least 1 day.',
  'Mindestens {{n}} Zeichen.': 'At least {{n}} characters.',
  'Nicht unter 0.': 'Not below 0.',
  'Nur Buchstaben, Ziffern und Bindestriche.': 'Only letters, digits and hyphens.',
  'Nur Kleinbuchstaben, Ziffern und Bindestriche.': 'Only lower-case letters, digits and hyphens.',
  'Nur Ziffern.': 'Digits only.',
  'Pfad oder Adresse des Icons': 'Path or address of the icon',
  Pflichtfeld: 'Required',
  'Preis in Cent, größer als 0': 'Price in cents, more than 0',
  'Preis zu hoch': 'Price too high',
  'Preisgrenze in Cent, größer als 0': 'Price limit in cents, more than 0',
  'Schreib eine Antwort.': 'Write an answer.',
  'Schreib eine Nachricht.': 'Write a message.',
  'Schreib uns deine Nachricht.': 'Write us your message.',
  'Tag zwischen 1 und 28': 'Day between 1 and 28',
  'Text fehlt.': 'Text missing.',
  'Titel fehlt.': 'Title missing.',
  'Wähle ein Zeitfenster.': 'Choose a time slot.',
  'Wähle eine Bewertung von 1 bis 5 Sternen.': 'Choose a rating from 1 to 5 stars.',
  'Wähle einen Wochentag von Montag bis Freitag.': 'Choose a weekday from Monday to Friday.',
  'Zeitraum als JJJJ, JJJJ-MM oder JJJJ-Q1 … JJJJ-Q4': 'Period as YYYY, YYYY-MM or YYYY-Q1 … YYYY-Q4',
  'Zu viele Daten.': 'Too much data.',
  'ungültige Objekt-ID': 'invalid asset id',
  'zu lang': 'too long',
  // The domain's validation texts (packages/domain)
  'Gib das Geburtsdatum ein.': 'Enter the date of birth.',
  'Das Geburtsdatum ist nicht korrekt.': 'The date of birth is not correct.',
  'Diese Plattform ist nur für Personen über 18 Jahren zugänglich.': 'This platform is only open to people over 18.',
  'Es sind nur Zahlen erlaubt.': 'Only digits are allowed.',
  'Diese Handynummer ist nicht gültig. Bitte prüfe sie und versuche es nochmal.':
    'This mobile number is not valid. Please check it and try again.',
  Ungültig: 'Invalid',
  'Die IBAN ist ungültig.': 'The IBAN is invalid.',
  'Die Postleitzahl ist nicht korrekt.': 'The postcode is not correct.',
  'Derzeit können sich nur Personen mit Wohnsitz in Österreich registrieren.':
    'Only people living in Austria can register at the moment.',
  'Bitte bestätige diesen Punkt.': 'Please confirm this point.',
  'Mindestens eine Stufe ist nötig.': 'At least one tier is needed.',
  'Beträge müssen größer als 0 sein.': 'Amounts must be more than 0.',
  'Stufen müssen nach Betrag und Bonus aufsteigen.': 'Tiers must rise by amount and bonus.',
  // The operations' field texts (apps/api)
  'Bitte gib den Namen an.': 'Please give the name.',
  'Bitte wähle eine Datei.': 'Please choose a file.',
  'Das Budget muss mindestens einen Bonus decken.': 'The budget must cover at least one bonus.',
  'Das Datum liegt in der Vergangenheit.': 'The date is in the past.',
  'Der Termin muss in der Zukunft liegen.': 'The appointment must be in the future.',
  'Diese Adresse gehört schon einem anderen Partner.': 'This address already belongs to another partner.',
  'Diesen Partner gibt es nicht.': 'This partner does not exist.',
  'Gib deine E-Mail-Adresse ein.': 'Enter your e-mail address.',
  'Im Feld ist noch keine Unterschrift.': 'There is no signature in the field yet.',
  'Jeder Tag darf nur einmal vorkommen.': 'Each day may appear only once.',
  'Keine gültige Adresse.': 'Not a valid address.',
  'Außerhalb des erlaubten Bereichs.': 'Outside the allowed range.',
  'Muss vor der Endgröße liegen.': 'Must be before the end size.',
  'Das neue Ende muss nach dem bisherigen liegen.': 'The new end must be after the current one.',
  'Das Budget darf nicht unter den schon ausgezahlten Boni liegen.':
    'The budget must not be below the bonuses already paid.',
  'Bitte bestätige das.': 'Please confirm this.',
  'Bitte unterschreibe deine Vereinbarungen mit deiner qualifizierten elektronischen Signatur.':
    'Please sign your agreements with your qualified electronic signature.',
};

/** The generic text for a field text nobody can place, in each language. */
export const INVALID_FIELD_TEXT = { de: 'Ungültiger Wert.', en: 'Invalid value.' } as const;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const templates = Object.entries(fieldTextsEn)
  .filter(([german]) => german.includes('{{n}}'))
  .map(([german, english]) => ({
    pattern: new RegExp(`^${escapeRegExp(german).replace(escapeRegExp('{{n}}'), '(.+?)')}$`),
    english,
  }));
const codeOfGermanText = new Map<string, string>(Object.entries(errorTextsDeAT).map(([code, text]) => [text, code]));

/** The English of a German field text the catalogue knows, or undefined. */
export const englishFieldText = (german: string): string | undefined => {
  const exact = fieldTextsEn[german];
  if (exact !== undefined) return exact;
  for (const { pattern, english } of templates) {
    const match = pattern.exec(german);
    if (match) return english.replace('{{n}}', match[1] ?? '');
  }
  const code = codeOfGermanText.get(german);
  return code ? errorTextsEn[code as keyof typeof errorTextsEn] : undefined;
};

/**
 * A field's text in the answer's language. German answers keep the rules' German (a text that
 * reads English there is replaced by the generic German one); English answers take the
 * catalogue's English, else `fallback` (zod's English message for a schema rule), else the generic
 * English text for anything that reads German. Values that are data (a number, a rating, an id)
 * pass unchanged.
 */
export const fieldTextIn = (text: string, locale: AppLocale, fallback?: () => string | undefined): string => {
  if (locale !== 'en') return looksEnglish(text) && !looksGerman(text) ? INVALID_FIELD_TEXT.de : text;
  const known = englishFieldText(text);
  if (known !== undefined) return known;
  if (!looksGerman(text)) return text;
  const other = fallback?.();
  return other && !looksGerman(other) ? other : INVALID_FIELD_TEXT.en;
};
