import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { placeServerErrors, serverMessage } from './server-errors';

const FALLBACK = 'Es ist ein Fehler aufgetreten.';
const place = (
  error: unknown,
  more: { codeFields?: Record<string, string>; errorField?: string; aliases?: Record<string, string> } = {},
) => placeServerErrors(error, { fieldNames: ['email', 'password'], fallback: FALLBACK, ...more });

describe('where a refusal’s messages go (the API’s { error: { code, message, fields? } })', () => {
  it('puts a validation answer’s messages at the form’s fields and ignores names it does not have', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Ungültig', {
      'body.email': 'E-Mail bitte prüfen.',
      'body.referralCode': 'zu lang',
      'query.platform': 'unbekannt',
    });
    expect(place(error)).toEqual({ fields: { email: 'E-Mail bitte prüfen.' }, form: null });
  });

  it('puts a body field’s message at the form field that shows it under another name', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Ungültig', {
      'body.amountCents': 'Betrag in Cent, größer als 0',
      'body.email': 'E-Mail bitte prüfen.',
    });
    expect(place(error, { aliases: { amountCents: 'password' } })).toEqual({
      fields: { email: 'E-Mail bitte prüfen.', password: 'Betrag in Cent, größer als 0' },
      form: null,
    });
  });

  it('puts a code that belongs to a field at that field, unless the field already has a message', () => {
    expect(
      place(new ApiError(401, 'PASSWORD_INCORRECT', 'Passwort ist nicht korrekt'), {
        codeFields: { PASSWORD_INCORRECT: 'password' },
      }),
    ).toEqual({ fields: { password: 'Passwort ist nicht korrekt' }, form: null });
    const both = new ApiError(400, 'EMAIL_INVALID', 'Allgemein', { 'body.email': 'Genau' });
    expect(place(both, { codeFields: { EMAIL_INVALID: 'email' } }).fields).toEqual({ email: 'Genau' });
  });

  it('puts everything else above the form: the server’s message, or the fallback when it sent none', () => {
    expect(place(new ApiError(423, 'SECURITY_LOCK', 'Aus Sicherheitsgründen …'))).toEqual({
      fields: {},
      form: 'Aus Sicherheitsgründen …',
    });
    expect(place(new ApiError(409, 'EMAIL_TAKEN', ''))).toEqual({ fields: {}, form: FALLBACK });
    expect(place(new ApiError(500, 'INTERNAL', 'Internal Server Error'))).toEqual({ fields: {}, form: FALLBACK });
    expect(place(new ApiError(502, 'UNKNOWN', 'Bad Gateway'))).toEqual({ fields: {}, form: FALLBACK });
    expect(place(new ApiError(404, 'UNKNOWN', 'Not Found'))).toEqual({ fields: {}, form: FALLBACK });
    expect(place(new TypeError('Failed to fetch'))).toEqual({ fields: {}, form: FALLBACK });
  });

  it('puts every refusal of a one-field form at its field', () => {
    expect(
      place(new ApiError(404, 'BONUS_CODE_NOT_FOUND', 'Diesen Code gibt es nicht.'), { errorField: 'code' }),
    ).toEqual({ fields: { code: 'Diesen Code gibt es nicht.' }, form: null });
    expect(place(new TypeError('Failed to fetch'), { errorField: 'code' })).toEqual({
      fields: { code: FALLBACK },
      form: null,
    });
  });

  it('gives the server’s message for the user, or the fallback', () => {
    expect(serverMessage(new ApiError(409, 'OFFER_INSUFFICIENT_FUNDS', 'Nicht genug Geld.'), FALLBACK)).toBe(
      'Nicht genug Geld.',
    );
    expect(serverMessage(new ApiError(503, 'INTERNAL', 'Service Unavailable'), FALLBACK)).toBe(FALLBACK);
    expect(serverMessage(new Error('boom'), FALLBACK)).toBe(FALLBACK);
  });
});
