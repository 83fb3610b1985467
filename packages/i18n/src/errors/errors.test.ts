import { describe, expect, it } from 'vitest';
import { errorText, errorTexts, errorTextsDeAT, errorTextsEn } from './index.js';
import { ENGLISH_WORDS, GERMAN_WORDS, wordsFound } from './language-words.js';

const offending = (texts: Readonly<Record<string, string>>, words: readonly string[]) =>
  Object.entries(texts).flatMap(([code, text]) => {
    const found = wordsFound(text, words);
    return found.length > 0 ? [`${code}: ${found.join(', ')} in "${text}"`] : [];
  });

describe('error catalogue (ADR 0042)', () => {
  it('has an English text for every German code and no other', () => {
    expect(Object.keys(errorTextsEn).sort()).toEqual(Object.keys(errorTextsDeAT).sort());
    for (const text of [...Object.values(errorTextsDeAT), ...Object.values(errorTextsEn)]) {
      expect(text.trim()).not.toBe('');
    }
  });

  it('finds no English word in a German text, for every German variant', () => {
    for (const locale of ['de-AT', 'de-DE', 'de-CH'] as const) {
      expect(offending(errorTexts(locale), ENGLISH_WORDS)).toEqual([]);
    }
  });

  it('finds no German word and no umlaut in an English text', () => {
    expect(offending(errorTextsEn, GERMAN_WORDS)).toEqual([]);
    expect(Object.entries(errorTextsEn).filter(([, text]) => /[äöüßÄÖÜ]/.test(text))).toEqual([]);
  });

  it('the detectors see the English texts the spec quotes, so they can fail', () => {
    expect(offending({ a: 'Password and e-mail address do not match.' }, ENGLISH_WORDS)).not.toEqual([]);
    expect(offending({ a: 'Dieses Angebot gibt es nicht.' }, GERMAN_WORDS)).not.toEqual([]);
  });

  it("keeps the spec's English texts in the English catalogue and German in the German one", () => {
    expect(errorText('LOGIN_MISMATCH', 'en')).toBe('Password and e-mail address do not match.');
    expect(errorText('PAYOUT_INSUFFICIENT_FUNDS', 'en')).toBe('You do not have enough money available');
    expect(errorText('OFFER_SHARES_NOT_AVAILABLE', 'en')).toBe('Not that many shares are available.');
    expect(errorText('LOGIN_MISMATCH', 'de-AT')).toBe('Passwort und E-Mail-Adresse passen nicht zusammen.');
    expect(errorText('PAYOUT_BELOW_MINIMUM', 'de-AT')).toBe('Der Mindestbetrag für eine Auszahlung ist 0,10 €.');
  });

  it('writes "ss" for "ß" in Swiss German and answers undefined for an unknown code', () => {
    expect(errorText('PASSWORD_NEEDS_CAPITAL', 'de-CH')).toBe(
      'Das Passwort muss mindestens einen Grossbuchstaben enthalten.',
    );
    expect(errorText('NO_SUCH_CODE', 'de-AT')).toBeUndefined();
  });
});
