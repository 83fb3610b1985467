import { BULLETIN_TRADE_PREFIX, RENTAL_CREDIT_PREFIX } from '@bw/domain';

/**
 * The reference a person reads (issue 34): the platform's own references (a distribution's credit,
 * a trade on the bulletin board) by their names, never their machine keys; a payer's own reference
 * as it came. Null when there is none.
 */
export const readablePaymentInformation = (
  paymentInformation: string | null,
  names: { readonly rentalCredit: string; readonly bulletinTrade: string },
): string | null => {
  if (!paymentInformation) return null;
  if (paymentInformation.startsWith(RENTAL_CREDIT_PREFIX)) return names.rentalCredit;
  if (paymentInformation.startsWith(BULLETIN_TRADE_PREFIX)) return names.bulletinTrade;
  return paymentInformation;
};
