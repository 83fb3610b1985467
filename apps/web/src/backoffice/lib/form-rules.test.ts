import { createBonusCodeBody } from '@bw/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asBody, euros, totpInput } from './form-rules';
import { centsFromEuroInput } from './format';

const form = asBody(
  z.object({ code: z.string(), amount: euros('Bitte gib den Bonus in € an.') }),
  ({ code, amount }) => ({
    code,
    partnerId: null,
    title: 'Herbstaktion',
    amountCents: centsFromEuroInput(amount) ?? amount,
    applicability: 'primaryMarket' as const,
    minimumInvestmentCents: '0',
    validUntil: null,
    maxRedemptions: null,
    budgetCents: null,
  }),
  createBonusCodeBody,
  { amountCents: 'amount' },
);

const messages = (result: ReturnType<typeof form.safeParse>) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('a back-office form checked by the contract’s body (asBody)', () => {
  it('gives the checked body, in the contract’s form', () => {
    expect(form.parse({ code: ' herbst25 ', amount: '25,50' })).toMatchObject({
      code: 'HERBST25',
      amountCents: '2550',
    });
  });

  it('shows a field’s own message and the body’s messages of the other fields at once', () => {
    expect(messages(form.safeParse({ code: 'ab', amount: 'zwanzig' }))).toEqual({
      code: 'Mindestens 4 Zeichen.',
      amount: 'Bitte gib den Bonus in € an.',
    });
  });

  it('puts a body field’s message at the field that shows it (aliases)', () => {
    expect(messages(form.safeParse({ code: 'HERBST25', amount: '0' }))).toEqual({
      amount: 'Betrag in Cent, größer als 0',
    });
  });

  it('sends the authenticator code without spaces', () => {
    expect(totpInput.parse('123 456')).toBe('123456');
    expect(totpInput.safeParse('12345').success).toBe(false);
  });
});
