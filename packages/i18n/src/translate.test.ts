import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deATCore } from './catalogs/de-at.js';
import { deATFeatures } from './catalogs/de-at-features.js';
import { en } from './catalogs/en.js';
import { createTranslator, interpolate, pluralForm, type TranslationKey } from './translate.js';

describe('createTranslator', () => {
  const de = () => createTranslator('de-AT', deATCore);

  it('looks a key up by section and name', () => {
    expect(de().t('common.close')).toBe('Schließen');
    expect(createTranslator('en', en).t('common.close')).toBe(en.common.close);
  });

  it('fills placeholders from the options and leaves one without a value as it is', () => {
    expect(de().t('nav.loggedInAs', { email: 'anna@example.at' })).toBe('Angemeldet als anna@example.at');
    expect(de().t('nav.loggedInAs')).toBe('Angemeldet als {{email}}');
    expect(de().t('nav.loggedInAs', { other: 1 })).toBe('Angemeldet als {{email}}');
  });

  it('picks the plural form by count and fills the count in', () => {
    const t = createTranslator('de-AT', { ...deATCore, ...deATFeatures }).t;
    expect(t('bulletinBoard.depthOffers', { count: 1 })).toBe('1 Angebot');
    expect(t('bulletinBoard.depthOffers', { count: 0 })).toBe('0 Angebote');
    expect(t('bulletinBoard.depthOffers', { count: 3 })).toBe('3 Angebote');
    // The form follows count; the shown number may be formatted apart from it.
    expect(t('bulletinBoard.depthLevel', { count: 1, value: '1' })).toBe('1 Anteil');
    expect(t('bulletinBoard.depthLevel', { count: 1200, value: '1.200' })).toBe('1.200 Anteile');
  });

  it('answers an unknown key with the key, or with its default text', () => {
    const t = de().t;
    const unknown = 'identificationSteps.somethingNew' as TranslationKey;
    expect(t(unknown)).toBe('identificationSteps.somethingNew');
    expect(t(unknown, { defaultValue: 'somethingNew' })).toBe('somethingNew');
    expect(t('nosection' as TranslationKey)).toBe('nosection');
  });

  it('adds the lazily loaded texts without losing the ones it had', () => {
    const translator = de();
    expect(translator.t('bulletinBoard.depthOffers', { count: 2 })).toBe('bulletinBoard.depthOffers');
    translator.add(deATFeatures);
    expect(translator.t('bulletinBoard.depthOffers', { count: 2 })).toBe('2 Angebote');
    expect(translator.t('common.close')).toBe('Schließen');
    translator.add({ common: { close: 'Zu' } } as never);
    expect(translator.t('common.close')).toBe('Zu');
    expect(translator.t('common.retry')).toBe(deATCore.common.retry);
  });

  it('finds every text of every section of the German catalog', () => {
    const all = { ...deATCore, ...deATFeatures } as Record<string, Record<string, string>>;
    const t = createTranslator('de-AT', all as never).t;
    for (const [section, entries] of Object.entries(all)) {
      for (const [key, text] of Object.entries(entries)) {
        expect(t(`${section}.${key}` as TranslationKey)).toBe(text);
      }
    }
  });
});

describe('pluralForm', () => {
  it('agrees with Intl.PluralRules for German and English on any count', () => {
    const german = new Intl.PluralRules('de-AT');
    const english = new Intl.PluralRules('en');
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), (count) => {
        expect(pluralForm(count)).toBe(german.select(count));
        expect(pluralForm(count)).toBe(english.select(count));
      }),
    );
    for (const count of [0, 1, 1.0, 1.5, 2, -1, 1000]) expect(pluralForm(count)).toBe(german.select(count));
  });
});

describe('interpolate', () => {
  it('fills every occurrence, with spaces inside the braces, and stringifies values', () => {
    expect(interpolate('{{a}} und {{ a }} von {{b}}', { a: 1, b: true })).toBe('1 und 1 von true');
  });

  it('leaves text without placeholders untouched and null values as placeholders', () => {
    expect(interpolate('Nichts zu tun', { a: 1 })).toBe('Nichts zu tun');
    expect(interpolate('{{a}}', { a: null })).toBe('{{a}}');
  });
});
