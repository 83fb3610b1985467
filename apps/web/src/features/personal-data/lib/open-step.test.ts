import { describe, expect, it } from 'vitest';
import { openStepOf } from './open-step';

const status = {
  personalInformation: false,
  paymentProviderCreation: false,
  kycDocuments: false,
  knowledgeAndExperience: false,
  securityApp: false,
  accountPayIn: false,
  userWasActivatedOnce: false,
};
const user = { firstName: 'Erika', lastName: 'Muster', status: 'new', registrationProcessStatus: status } as const;

describe('openStepOf (spec section 4: register, identification, signature, connect security app)', () => {
  it.each([
    [{ ...user, lastName: null }, 'register'],
    [user, 'identification'],
    [{ ...user, status: 'pending' }, null],
    [{ ...user, status: 'verified' }, 'signature'],
    [{ ...user, status: 'active' }, 'securityApp'],
    [{ ...user, status: 'active', registrationProcessStatus: { ...status, securityApp: true } }, null],
    [{ ...user, status: 'deactivated' }, null],
  ] as const)('%o → %s', (input, expected) => {
    expect(openStepOf(input)).toBe(expected);
  });
});
