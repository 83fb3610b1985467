import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import en from 'zod/v4/locales/en.js';
import { speakGermanInZodMessages } from './german-zod-messages.js';

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('zod messages in German (API and back office)', () => {
  beforeAll(() => speakGermanInZodMessages());
  afterAll(() => {
    z.config(en());
    z.config({ customError: undefined });
  });

  it('writes the common rules as plain German sentences', () => {
    expect(messageOf(z.string().min(1), '')).toBe('Bitte ausfüllen.');
    expect(messageOf(z.string().min(3), 'a')).toBe('Bitte mindestens 3 Zeichen eingeben.');
    expect(messageOf(z.string().max(5), 'zu lang')).toBe('Höchstens 5 Zeichen.');
    expect(messageOf(z.number().int().positive(), 0)).toBe('Bitte mehr als 0 eingeben.');
    expect(messageOf(z.number().max(10), 11)).toBe('Höchstens 10.');
    expect(messageOf(z.email(), 'kein-at')).toBe('Bitte eine gültige E-Mail-Adresse eingeben.');
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('Bitte ausfüllen.');
  });

  it('keeps a rule’s own message and falls back to zod’s German locale for the rest', () => {
    expect(messageOf(z.string().min(2, 'Der Titel ist zu kurz.'), 'a')).toBe('Der Titel ist zu kurz.');
    expect(messageOf(z.enum(['a', 'b']), 'c')).toMatch(/Ungültig|ungültig/);
  });
});
