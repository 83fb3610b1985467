import { describe, expect, it } from 'vitest';
import { decideIdentity, decideSignature } from './sandbox-outcomes.js';

describe('sandbox identity decisions (docs/runbooks/sandbox-providers.md)', () => {
  it.each([
    ['P1234567', 1, { result: 'success', next: 'none', reason: null }],
    ['pending42', 1, { result: 'pending', next: 'none', reason: null }],
    ['INVALID1', 1, { result: 'invalid_data', next: 'none', reason: null }],
    ['XINCONSISTENT', 1, { result: 'inconsistent_data', next: 'none', reason: null }],
    ['FAIL0001', 1, { result: 'rejected', next: 'none', reason: null }],
    ['FRAUD001', 1, { result: 'fraud', next: 'none', reason: null }],
    ['BAV00001', 1, { result: 'success', next: 'bav', reason: null }],
    ['QES00001', 1, { result: 'success', next: 'qes', reason: null }],
    ['BRIGHT01', 1, { result: 'invalid_data', next: 'none', reason: 'selfie_too_bright' }],
    ['BRIGHT01', 2, { result: 'success', next: 'none', reason: null }],
  ] as const)('%s (submission %i) → %o', (testData, submission, decision) => {
    expect(decideIdentity(testData, submission)).toEqual(decision);
  });

  it.each([
    ['Muster', 'signed'],
    ['Signreject-Muster', 'rejected'],
    ['SignError', 'error'],
  ] as const)('signer %s → %s', (lastName, result) => {
    expect(decideSignature(lastName)).toBe(result);
  });
});
