import { registrationProcessStatus, userWithOnboarding } from '@bw/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GuardError } from '../../../lib/guard';
import { openStepUserGuard } from './get-open-step-user';

/** The contract's part of the user that the open-step banner reads. */
const contractPart = userWithOnboarding
  .pick({ firstName: true, lastName: true, status: true })
  .extend({ registrationProcessStatus: registrationProcessStatus.pick({ securityApp: true }) });

const anyName = fc.oneof(fc.string(), fc.constant(null), fc.integer(), fc.constant(undefined));
const anyStatus = fc.oneof(
  fc.constantFrom('new', 'verified', 'pending', 'active', 'deactivated', 'gone', 'NEW', ''),
  fc.integer(),
  fc.constant(null),
);
const anyProcess = fc.oneof(
  fc.record({ securityApp: fc.oneof(fc.boolean(), fc.constant('yes'), fc.constant(null)), kycDocuments: fc.boolean() }),
  fc.constant(null),
  fc.constant([]),
);
const anyUser = fc.record({
  firstName: anyName,
  lastName: anyName,
  status: anyStatus,
  registrationProcessStatus: anyProcess,
  email: fc.string(),
});

describe("the open-step banner's guard of GET /api/v1/user (issue 6: no zod on every screen)", () => {
  it('accepts exactly what the contract accepts, and reads the same fields', () => {
    fc.assert(
      fc.property(anyUser, (input) => {
        const byContract = contractPart.safeParse(input);
        let byGuard: unknown;
        let guardError: unknown = null;
        try {
          byGuard = openStepUserGuard.parse(input);
        } catch (error) {
          guardError = error;
        }
        expect(guardError === null).toBe(byContract.success);
        if (byContract.success) expect(byGuard).toEqual(byContract.data);
        else expect(guardError).toBeInstanceOf(GuardError);
      }),
      { numRuns: 2_000 },
    );
  });

  it('drops the fields it does not need', () => {
    const user = {
      firstName: 'Erika',
      lastName: null,
      status: 'active',
      registrationProcessStatus: { securityApp: true, kycDocuments: true },
      email: 'erika@example.at',
    };
    expect(openStepUserGuard.parse(user)).toEqual({
      firstName: 'Erika',
      lastName: null,
      status: 'active',
      registrationProcessStatus: { securityApp: true },
    });
  });
});
