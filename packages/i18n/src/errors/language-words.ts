/**
 * Words that tell the two answer languages apart (ADR 0042): a German text holding one of the
 * English words, or an English text holding one of the German words or an umlaut, leaks the other
 * language. Used by the catalogue tests and by the API to recognise a field text it cannot place.
 */
export const ENGLISH_WORDS: readonly string[] = [
  'the',
  'you',
  'your',
  'is',
  'are',
  'not',
  'do',
  'does',
  'has',
  'have',
  'of',
  'to',
  'this',
  'that',
  'please',
  'sorry',
  'there',
  'with',
  'failed',
  'error',
  'available',
  'enough',
  'money',
  'shares',
  'can',
  'cannot',
  'only',
  'must',
  'match',
  'field',
  'occurred',
  'password',
  'linking',
  'minimum',
  'amount',
  'signature',
  'write',
  'us',
  'invalid',
  'expected',
  'received',
  'at',
  'least',
  'most',
  'range',
  'after',
  'enter',
  'fill',
];
/** Words that are German and never English. */
export const GERMAN_WORDS: readonly string[] = [
  'der',
  'die',
  'das',
  'und',
  'nicht',
  'ist',
  'bitte',
  'du',
  'dein',
  'deine',
  'gibt',
  'es',
  'mit',
  'ungültig',
  'ungültige',
  'ungültiger',
  'zeichen',
  'höchstens',
  'mindestens',
  'nur',
  'eingeben',
  'erwartet',
  'eine',
  'einen',
  'gib',
];

export const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);

/** The words of `words` that occur in `text`. */
export const wordsFound = (text: string, words: readonly string[]): string[] =>
  wordsOf(text).filter((word) => words.includes(word));

export const looksGerman = (text: string): boolean =>
  /[äöüßÄÖÜ]/.test(text) || wordsFound(text, GERMAN_WORDS).length > 0;
export const looksEnglish = (text: string): boolean => wordsFound(text, ENGLISH_WORDS).length > 0;
