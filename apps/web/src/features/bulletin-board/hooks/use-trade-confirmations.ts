import { ACCEPTED_20_PERCENT_DIFFERENCE, type PriceDeviation, type TradeSide } from '@bw/domain';
import { useCallback, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import type { PurchaseDialog } from '../../trading/hooks/use-purchase-submit';

/** The confirmations a trade on the bulletin board may need (spec section 5; ADR 0040). */
export type TradeConfirmation = 'price20' | 'fiveK' | 'appropriateness';
export type TradeDialog = Exclude<PurchaseDialog, 'funds'> | 'price20';

type Confirmed = Record<TradeConfirmation, boolean>;
const NONE: Confirmed = { price20: false, fiveK: false, appropriateness: false };

/** What the server's refusal asks the user to confirm, if anything. */
const confirmationAsked = (code: string): TradeConfirmation | null => {
  if (code === 'OFFER_PRICE_WARNING_NOT_ACCEPTED') return 'price20';
  if (code === 'INVESTMENT_5K_CONFIRMATION_REQUIRED') return 'fiveK';
  if (code === 'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED') return 'appropriateness';
  return null;
};

/**
 * The confirmations of a trade on the bulletin board, placing an offer or taking one, as the
 * server's trade rules ask them (ADR 0040): a price more than 20 % off the 30-day average
 * (`Accepted20PercentDifference`, buy and sell), and on a buy the 5,000 € confirmation and the
 * appropriateness warning. The price is asked before sending when the screen already knows it is
 * off; every refusal of the server opens its dialog, and the confirmed answer goes with the next
 * attempt (`retry`).
 */
export const useTradeConfirmations = (retry: () => void) => {
  const confirmed = useRef<Confirmed>(NONE);
  const [dialog, setDialog] = useState<TradeDialog>(null);
  const [rating, setRating] = useState<string | null>(null);

  /** The confirmations given so far, as the request body carries them (the buy ones on a buy only). */
  const body = (side: TradeSide) => {
    const given = confirmed.current;
    const buy = side === 'buy';
    return {
      acceptedWarnings: [
        ...(given.price20 ? [ACCEPTED_20_PERCENT_DIFFERENCE] : []),
        ...(buy && given.fiveK ? (['Accepted5KLimit'] as const) : []),
      ],
      ...(buy && given.appropriateness ? { acknowledgedAppropriateness: true } : {}),
    };
  };

  /** Before sending: a price more than 20 % off opens its dialog unless confirmed (true: wait for it). */
  const askFirst = (level: PriceDeviation): boolean => {
    if (level !== 'confirm' || confirmed.current.price20) return false;
    setDialog('price20');
    return true;
  };

  /** A new price needs its own confirmation. */
  const priceChanged = useCallback(() => {
    confirmed.current = { ...confirmed.current, price20: false };
  }, []);

  /** True when the error was a confirmation the user can give (its dialog is open now). */
  const handled = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    const asked = confirmationAsked(error.code);
    if (!asked) return false;
    if (asked === 'appropriateness') setRating(error.fields.rating ?? null);
    setDialog(asked);
    return true;
  };

  const confirm = useCallback(
    (which: TradeConfirmation) => {
      confirmed.current = { ...confirmed.current, [which]: true };
      setDialog(null);
      retry();
    },
    [retry],
  );
  const close = useCallback(() => setDialog(null), []);
  return { body, askFirst, priceChanged, handled, dialog, rating, confirm, close };
};
