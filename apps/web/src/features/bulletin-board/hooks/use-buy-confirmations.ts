import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { PurchaseDialog } from '../../trading/hooks/use-purchase-submit';

type Confirmed = { fiveK: boolean; appropriateness: boolean };

/**
 * The buyer's confirmations on the bulletin board, as in the primary market (spec section 5,
 * issue 25): the server refuses a buy over EUR 5,000 without `Accepted5KLimit` and a buy past an
 * unanswered appropriateness warning; each refusal opens its dialog, and the confirmed answer
 * goes with the next attempt (`retry`).
 */
export const useBuyConfirmations = (retry: () => void) => {
  const confirmed = useRef<Confirmed>({ fiveK: false, appropriateness: false });
  const [dialog, setDialog] = useState<PurchaseDialog>(null);
  const [rating, setRating] = useState<string | null>(null);

  /** The confirmations given so far, as the request body carries them. */
  const body = () => ({
    ...(confirmed.current.fiveK ? { acceptedWarnings: ['Accepted5KLimit' as const] } : {}),
    ...(confirmed.current.appropriateness ? { acknowledgedAppropriateness: true } : {}),
  });

  /** True when the error was a confirmation the user can give (its dialog is open now). */
  const handled = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    if (error.code === 'INVESTMENT_5K_CONFIRMATION_REQUIRED') {
      setDialog('fiveK');
      return true;
    }
    if (error.code === 'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED') {
      setRating(error.fields.rating ?? null);
      setDialog('appropriateness');
      return true;
    }
    return false;
  };

  const confirm = useCallback(
    (which: 'fiveK' | 'appropriateness') => {
      confirmed.current = { ...confirmed.current, [which]: true };
      setDialog(null);
      retry();
    },
    [retry],
  );
  const close = useCallback(() => setDialog(null), []);
  return { body, handled, dialog, rating, confirm, close };
};
