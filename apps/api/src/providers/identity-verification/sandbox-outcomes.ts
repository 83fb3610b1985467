import type { IdvEvent } from '@bw/contracts';

type IdentityChecked = Extract<IdvEvent, { type: 'identity.checked' }>;
export type IdentityDecision = Pick<IdentityChecked, 'result' | 'next' | 'reason'>;

/**
 * How the sandbox decides (docs/runbooks/sandbox-providers.md): a marker anywhere in the test
 * data, case-insensitive; the first listed marker that matches wins; anything else succeeds.
 * Document ident reads the document number, video ident the last name.
 */
export const IDENTITY_TRIGGERS: readonly { marker: string; decision: IdentityDecision }[] = [
  { marker: 'PENDING', decision: { result: 'pending', next: 'none', reason: null } },
  { marker: 'INVALID', decision: { result: 'invalid_data', next: 'none', reason: null } },
  { marker: 'INCONSISTENT', decision: { result: 'inconsistent_data', next: 'none', reason: null } },
  { marker: 'FRAUD', decision: { result: 'fraud', next: 'none', reason: null } },
  { marker: 'FAIL', decision: { result: 'rejected', next: 'none', reason: null } },
  { marker: 'BAV', decision: { result: 'success', next: 'bav', reason: null } },
  { marker: 'QES', decision: { result: 'success', next: 'qes', reason: null } },
];
/** The first selfie of a case with this marker is too bright; the retaken one passes. */
export const BRIGHT_SELFIE_MARKER = 'BRIGHT';
/** A signer whose last name holds one of these gets that signature result. */
export const SIGNATURE_TRIGGERS = [
  { marker: 'SIGNREJECT', result: 'rejected' },
  { marker: 'SIGNERROR', result: 'error' },
] as const;

const SUCCESS: IdentityDecision = { result: 'success', next: 'none', reason: null };

export const decideIdentity = (testData: string, submission: number): IdentityDecision => {
  const upper = testData.toUpperCase();
  if (upper.includes(BRIGHT_SELFIE_MARKER)) {
    return submission <= 1 ? { result: 'invalid_data', next: 'none', reason: 'selfie_too_bright' } : SUCCESS;
  }
  return IDENTITY_TRIGGERS.find((trigger) => upper.includes(trigger.marker))?.decision ?? SUCCESS;
};

export const decideSignature = (lastName: string): 'signed' | 'rejected' | 'error' => {
  const upper = lastName.toUpperCase();
  return SIGNATURE_TRIGGERS.find((trigger) => upper.includes(trigger.marker))?.result ?? 'signed';
};
