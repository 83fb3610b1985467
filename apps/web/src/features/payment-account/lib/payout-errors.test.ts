import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { amountErrorPlace, errorCodeOf, payoutErrorMessageKey } from './payout-errors';

describe('pay-out refusals at the field they are about (spec sections 5 and 8)', () => {
  it.each([
    ['PAYOUT_ACCOUNT_REQUIRED', 'payoutAccount', 'account.errorPayoutAccountRequired'],
    ['PAYOUT_ACCOUNT_NOT_FOUND', 'payoutAccount', 'account.errorPayoutAccountNotFound'],
    ['PAYOUT_BELOW_MINIMUM', 'amount', 'account.errorBelowMinimum'],
    ['PAYOUT_INSUFFICIENT_FUNDS', 'amount', 'account.errorInsufficientFunds'],
    ['PHONE_REQUIRED', null, 'account.errorPhoneRequired'],
    ['PAYOUT_START_LIMIT', null, 'account.errorStartLimit'],
    ['generic', null, 'account.errorGeneric'],
  ])('%s → %s with %s', (code, place, key) => {
    expect(amountErrorPlace(code)).toBe(place);
    expect(payoutErrorMessageKey(code)).toBe(key);
  });

  it('reads our codes from a refusal and calls the rest generic', () => {
    expect(errorCodeOf(new ApiError(400, 'PAYOUT_BELOW_MINIMUM', 'x'))).toBe('PAYOUT_BELOW_MINIMUM');
    expect(errorCodeOf(new ApiError(400, 'SOMETHING_NEW', 'x'))).toBe('generic');
    expect(errorCodeOf(new ApiError(503, 'PAYOUT_BELOW_MINIMUM', 'x'))).toBe('generic');
    expect(errorCodeOf(new TypeError('Failed to fetch'))).toBe('generic');
  });
});
