import { type ErrorCode, errorCatalog } from '@bw/contracts';
import { errorTextsDeAT, errorTextsEn } from '@bw/i18n';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error.js';
import { answerLocale, registerErrorHandling } from './errors.js';

const codes = Object.keys(errorCatalog) as ErrorCode[];

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  registerErrorHandling(app);
  app.get<{ Params: { code: ErrorCode } }>('/fail/:code', async (request) => {
    throw new AppError(request.params.code);
  });
  app.post('/json', async () => ({ data: null }));
  await app.ready();
});
afterAll(() => app.close());

const ask = async (code: ErrorCode, acceptLanguage?: string) => {
  const res = await app.inject({
    url: `/fail/${code}`,
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  });
  return { status: res.statusCode, error: res.json().error as { code: string; message: string } };
};

// Every code times every language: over a thousand requests, which a busy machine needs a while for.
describe('one language per answer (ADR 0042)', { timeout: 60_000 }, () => {
  it('the catalogue of @bw/i18n has a German and an English text for exactly the codes of the contract', () => {
    expect(Object.keys(errorTextsDeAT).sort()).toEqual([...codes].sort());
    expect(Object.keys(errorTextsEn).sort()).toEqual([...codes].sort());
  });

  it('answers every code in German without a language, with a German one and with an unknown one', async () => {
    for (const code of codes) {
      for (const header of [undefined, 'de-AT', 'de', 'de-DE,de;q=0.9,en;q=0.8', 'fr-FR', '*']) {
        const { status, error } = await ask(code, header);
        expect(status).toBe(errorCatalog[code].status);
        expect(error).toEqual({ code, message: errorTextsDeAT[code] });
      }
    }
  });

  it('answers every code in English when the caller prefers English', async () => {
    for (const code of codes) {
      for (const header of ['en', 'en-US,en;q=0.9', 'en-GB;q=0.9,de;q=0.5']) {
        const { status, error } = await ask(code, header);
        expect(status).toBe(errorCatalog[code].status);
        expect(error).toEqual({ code, message: errorTextsEn[code] });
      }
    }
  });

  it('reads the preference order of Accept-Language and writes Swiss German with "ss"', async () => {
    expect(answerLocale('de;q=0.4, en;q=0.9')).toBe('en');
    expect(answerLocale('en;q=0.4, de-AT;q=0.9')).toBe('de-AT');
    expect(answerLocale('de-CH')).toBe('de-CH');
    expect(answerLocale('de-DE')).toBe('de-DE');
    expect((await ask('PASSWORD_NEEDS_CAPITAL', 'de-CH')).error.message).toContain('Grossbuchstaben');
  });

  it('the login, payout and share errors the issue names come back German by default', async () => {
    expect((await ask('LOGIN_MISMATCH')).error.message).toBe('Passwort und E-Mail-Adresse passen nicht zusammen.');
    expect((await ask('PAYOUT_INSUFFICIENT_FUNDS')).error.message).toBe('So viel Guthaben hast du nicht verfügbar.');
    expect((await ask('INVESTMENT_SHARES_NOT_AVAILABLE')).error.message).toBe('So viele Anteile sind nicht verfügbar.');
    expect((await ask('SECURITY_APP_UNLINK_FAILED')).error.message).toMatch(/^Es ist ein Fehler aufgetreten/);
  });

  it("answers a framework's error (malformed JSON) in the caller's language too", async () => {
    const malformed = (headers: Record<string, string>) =>
      app.inject({
        url: '/json',
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        payload: '{"a":',
      });
    expect((await malformed({})).json().error).toEqual({
      code: 'MALFORMED_JSON',
      message: errorTextsDeAT.MALFORMED_JSON,
    });
    expect((await malformed({ 'accept-language': 'en' })).json().error.message).toBe(errorTextsEn.MALFORMED_JSON);
  });
});
