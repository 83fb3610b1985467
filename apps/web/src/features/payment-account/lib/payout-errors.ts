import type { Catalog } from '@bw/i18n';
import { ApiError } from '../../../lib/api-client';

type AccountKey = `account.${keyof Catalog['account'] & string}`;

const GENERIC = 'generic';

/** Every pay-out error code (the server's and the domain's `checkPayout`) and its catalog message. */
const MESSAGES: Readonly<Record<string, AccountKey>> = {
  PAYOUT_BELOW_MINIMUM: 'account.errorBelowMinimum',
  PAYOUT_INSUFFICIENT_FUNDS: 'account.errorInsufficientFunds',
  PAYOUT_ACCOUNT_REQUIRED: 'account.errorPayoutAccountRequired',
  PAYOUT_ACCOUNT_NOT_FOUND: 'account.errorPayoutAccountNotFound',
  PHONE_REQUIRED: 'account.errorPhoneRequired',
  PAYOUT_CODE_WRONG: 'account.errorCodeWrong',
  PAYOUT_CODE_EXPIRED: 'account.errorCodeExpired',
  PAYOUT_CODE_LOCKED: 'account.errorCodeLocked',
  PAYOUT_NOT_CONFIRMABLE: 'account.errorNotConfirmable',
  PAYOUT_START_LIMIT: 'account.errorStartLimit',
};

export const payoutErrorMessageKey = (code: string): AccountKey => MESSAGES[code] ?? 'account.errorGeneric';

/** Errors shown above the amount form rather than at a field. */
const FORM_LEVEL_ERRORS: ReadonlySet<string> = new Set(['PHONE_REQUIRED', 'PAYOUT_START_LIMIT', GENERIC]);

/**
 * Where an amount-step refusal shows (spec section 5: the message at the field it is about): errors
 * about the payout account at its selector, a missing phone and the unknown above the form, the rest
 * at the amount.
 */
export const amountErrorPlace = (code: string): 'payoutAccount' | 'amount' | null => {
  if (code === 'PAYOUT_ACCOUNT_REQUIRED' || code === 'PAYOUT_ACCOUNT_NOT_FOUND') return 'payoutAccount';
  return FORM_LEVEL_ERRORS.has(code) ? null : 'amount';
};

/** The code of a failed call: the server's (when it is one of ours), else generic. */
export const errorCodeOf = (error: unknown): string =>
  error instanceof ApiError && error.status < 500 && error.code in MESSAGES ? error.code : GENERIC;
