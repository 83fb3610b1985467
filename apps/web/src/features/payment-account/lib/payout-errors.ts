import type { Catalog } from '@bw/i18n';
import { ApiError } from '../../../lib/api-client';

type AccountKey = `account.${keyof Catalog['account'] & string}`;

/** Client-side codes beside the server's (spec sections 5 and 8). */
export const AMOUNT_INVALID = 'amountInvalid';
export const CODE_REQUIRED = 'codeRequired';
const GENERIC = 'generic';

/** Every pay-out error code and its catalog message; an unknown code gets the generic one. */
const MESSAGES: Readonly<Record<string, AccountKey>> = {
  [AMOUNT_INVALID]: 'account.errorAmountInvalid',
  [CODE_REQUIRED]: 'account.errorCodeRequired',
  PAYOUT_BELOW_MINIMUM: 'account.errorBelowMinimum',
  PAYOUT_INSUFFICIENT_FUNDS: 'account.errorInsufficientFunds',
  PAYOUT_ACCOUNT_REQUIRED: 'account.errorPayoutAccountRequired',
  PAYOUT_ACCOUNT_NOT_FOUND: 'account.errorPayoutAccountNotFound',
  PHONE_REQUIRED: 'account.errorPhoneRequired',
  PAYOUT_CODE_WRONG: 'account.errorCodeWrong',
  PAYOUT_CODE_EXPIRED: 'account.errorCodeExpired',
  PAYOUT_CODE_LOCKED: 'account.errorCodeLocked',
  PAYOUT_NOT_CONFIRMABLE: 'account.errorNotConfirmable',
};

export const payoutErrorMessageKey = (code: string): AccountKey => MESSAGES[code] ?? 'account.errorGeneric';

/** Errors about the payout account go to its selector; all other amount-step errors to the amount field. */
export const isPayoutAccountError = (code: string): boolean =>
  code === 'PAYOUT_ACCOUNT_REQUIRED' || code === 'PAYOUT_ACCOUNT_NOT_FOUND';

/** The code of a failed call: the server's (when it is one of ours), else generic. */
export const errorCodeOf = (error: unknown): string =>
  error instanceof ApiError && error.status < 500 && error.code in MESSAGES ? error.code : GENERIC;
