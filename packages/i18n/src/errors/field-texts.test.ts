import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { englishFieldText, fieldTextIn, fieldTextsEn, INVALID_FIELD_TEXT } from './field-texts.js';
import { looksEnglish, looksGerman } from './language-words.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$|test-support|\/test\//.test(path) ? [path] : [];
  });

/**
 * The German texts the rules write at fields: a zod rule's message (`.min(3, '…')`,
 * `message: '…'`, `.refine(…, '…')`), an operation's `AppError` field text and the domain's
 * onboarding messages. Each must have its English in the catalogue.
 */
const writtenFieldTexts = (): string[] => {
  const found = new Set<string>();
  const rule = /\.(?:min|max|regex|refine|length|nonempty)\((?:[^()'\n]|\([^()]*\))*?'([^'\n]+)'\)/g;
  const message = /(?:message|error):\s*'([^'\n]+)'/g;
  const appErrorField = /new AppError\('[A-Z_]+',\s*\{\s*'?[\w.]+'?:\s*'([^'\n]+)'/g;
  const messageConstant = /const [A-Z_]*MESSAGE[A-Z_]* = '([^'\n]+)'/g;
  for (const file of [
    ...sources('packages/contracts/src'),
    ...sources('apps/api/src'),
    ...sources('packages/domain/src'),
  ]) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const pattern of [rule, message, appErrorField, messageConstant])
      for (const match of text.matchAll(pattern)) if (match[1] && looksGerman(match[1])) found.add(match[1]);
  }
  const onboarding = readFileSync(join(root, 'packages/domain/src/onboarding/messages.ts'), 'utf8');
  for (const match of onboarding.matchAll(/:\s*'([^'\n]+)'/g)) if (match[1]) found.add(match[1]);
  return [...found].sort();
};

describe('field texts (ADR 0042 addendum, issue 35)', () => {
  it('every German text a rule writes at a field has its English', () => {
    const written = writtenFieldTexts();
    expect(written.length).toBeGreaterThan(40);
    expect(written.filter((text) => englishFieldText(text) === undefined)).toEqual([]);
  });

  it('the English side reads English, the German side German', () => {
    expect(Object.values(fieldTextsEn).filter((text) => looksGerman(text))).toEqual([]);
    expect(Object.keys(fieldTextsEn).filter((text) => looksEnglish(text) && !looksGerman(text))).toEqual([]);
  });

  it('fills the numbers of the German zod messages into the English', () => {
    expect(englishFieldText('Bitte mindestens 10 Zeichen eingeben.')).toBe('Please enter at least 10 characters.');
    expect(englishFieldText('Höchstens 120 Zeichen.')).toBe('At most 120 characters.');
    expect(englishFieldText('Passwort und E-Mail-Adresse passen nicht zusammen.')).toBe(
      'Password and e-mail address do not match.',
    );
  });

  it('answers German unchanged, English from the catalogue; data stays; an unknown German text is never passed through', () => {
    expect(fieldTextIn('Bitte ausfüllen.', 'de-AT')).toBe('Bitte ausfüllen.');
    expect(fieldTextIn('Bitte ausfüllen.', 'en')).toBe('Please fill in.');
    expect(fieldTextIn('12', 'en')).toBe('12');
    expect(fieldTextIn('wind-parndorf', 'de-AT')).toBe('wind-parndorf');
    expect(fieldTextIn('Ein völlig neuer Satz.', 'en')).toBe(INVALID_FIELD_TEXT.en);
    expect(fieldTextIn('Ein völlig neuer Satz.', 'en', () => 'Invalid input: expected number')).toBe(
      'Invalid input: expected number',
    );
    expect(fieldTextIn('out of range', 'de-AT')).toBe(INVALID_FIELD_TEXT.de);
  });
});
