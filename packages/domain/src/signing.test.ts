import { describe, expect, it } from 'vitest';
import {
  canonicalSigningPayload,
  describeSigningDetails,
  formatSigningCents,
  parseCanonicalSigningPayload,
  signingDetailsProblem,
  signingKindLabels,
  signingRequestTitle,
} from './signing.js';

describe('canonicalSigningPayload', () => {
  it('sorts keys and leaves no whitespace, whatever the insertion order', () => {
    const a = canonicalSigningPayload({ nonce: 'n1', amountCents: '1000', kind: 'trade' });
    const b = canonicalSigningPayload({ kind: 'trade', nonce: 'n1', amountCents: '1000' });
    expect(a).toBe('{"amountCents":"1000","kind":"trade","nonce":"n1"}');
    expect(b).toBe(a);
  });

  it('escapes like JSON, so quotes and umlauts cannot break out of a value', () => {
    expect(canonicalSigningPayload({ payee: 'Müller "GmbH"' })).toBe('{"payee":"Müller \\"GmbH\\""}');
  });

  it('parses only what it would produce itself', () => {
    const text = canonicalSigningPayload({ b: '2', a: '1' });
    expect(parseCanonicalSigningPayload(text)).toEqual({ a: '1', b: '2' });
    expect(parseCanonicalSigningPayload('{"b":"2","a":"1"}')).toBeNull();
    expect(parseCanonicalSigningPayload('{"a": "1"}')).toBeNull();
    expect(parseCanonicalSigningPayload('{"a":1}')).toBeNull();
    expect(parseCanonicalSigningPayload('[]')).toBeNull();
  });
});

describe('signingDetailsProblem', () => {
  it.each([
    [{ amountCents: '100' }, null],
    [{ amountCents: '1.00' }, 'amountCents must be a non-negative integer in decimal digits'],
    [{ sharesCount: '007' }, 'sharesCount must be a non-negative integer in decimal digits'],
    [{ price: '1' }, 'unknown field price'],
    [{ payee: '' }, 'payee has a bad length'],
    [{ payee: 5 }, 'payee must be a string'],
  ])('%j → %s', (details, problem) => {
    expect(signingDetailsProblem(details)).toBe(problem);
  });
});

describe('describeSigningDetails', () => {
  it('shows cents as euros and keeps a fixed order', () => {
    expect(formatSigningCents('123456')).toBe('1.234,56 €');
    expect(formatSigningCents('5')).toBe('0,05 €');
    expect(describeSigningDetails({ feeCents: '150', assetName: 'Wohnhaus Graz', sharesCount: '3' })).toEqual([
      { label: 'Objekt', value: 'Wohnhaus Graz' },
      { label: 'Anteile', value: '3' },
      { label: 'Gebühr', value: '1,50 €' },
    ]);
  });

  it('names the asset, not its ID, and makes the description the heading (issue 34)', () => {
    const details = {
      assetId: 'pv-landshut-agri',
      assetName: 'PV Landshut Agri',
      sharesCount: '2',
      description: 'Verkauf an ein Kaufangebot',
    };
    expect(describeSigningDetails(details)).toEqual([
      { label: 'Objekt', value: 'PV Landshut Agri' },
      { label: 'Anteile', value: '2' },
    ]);
    expect(signingRequestTitle('offer', details)).toBe('Verkauf an ein Kaufangebot');
    expect(signingRequestTitle('trade', { assetName: 'PV Landshut Agri' })).toBe('Kauf');
    expect(describeSigningDetails({ assetId: 'pv-landshut-agri' })).toEqual([
      { label: 'Objekt-ID', value: 'pv-landshut-agri' },
    ]);
    expect(Object.values(signingKindLabels)).not.toContain('Kauf oder Verkauf');
  });
});
