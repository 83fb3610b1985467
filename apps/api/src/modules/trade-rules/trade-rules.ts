import type { Db } from '@bw/db';
import {
  calendarDateIn,
  type TradeFacts,
  type TradeRefusal,
  type TradeSide,
  totalPrice,
  tradeRefusal,
} from '@bw/domain';
import { AppError } from '../../lib/app-error.js';
import { averagePrice30Days } from '../bulletin-board/bulletin-board.repo.js';
import { appropriatenessOfRow } from '../onboarding/knowledge-and-experience/appropriateness.js';
import { loadTradeSubject, type TradeSubject } from './trade-rules.repo.js';

/**
 * One trade as its path asks for it: who, which asset, which side, with whom (the issuer in the
 * financing phase, or another investor), how many shares at which price per share, and the
 * confirmations the caller gave. A later savings plan asks the same way.
 */
export type TradeRequest = {
  userId: string;
  assetId: string;
  side: TradeSide;
  market: 'issuer' | 'investors';
  sharesCount: number;
  pricePerShareCents: bigint;
  acceptedWarnings: readonly string[];
  acknowledgedAppropriateness: boolean;
  now: Date;
};

/** The refusal as the API answers it: the primary market's code and message, with the field the screen needs. */
const refusalError = (refusal: TradeRefusal, facts: TradeFacts): AppError => {
  if (refusal === 'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED')
    return new AppError(refusal, { rating: facts.appropriateness });
  if (refusal === 'OFFER_PRICE_WARNING_NOT_ACCEPTED')
    return new AppError(refusal, {
      acceptedWarnings: 'Accepted20PercentDifference',
      ...(facts.averagePriceCents === null ? {} : { averagePrice30Days: facts.averagePriceCents.toString() }),
    });
  return new AppError(refusal);
};

/**
 * May this trade proceed (ADR 0040)? Gathers the facts — the person and the asset in one read (or
 * the caller's own read of them, `known`), and the 30-day average price of trades between investors
 * (a purchase from the issuer is at its fixed issue price, spec section 4: there is no market price
 * it could deviate from) —
 * and asks `tradeRefusal` of `@bw/domain`. Throws the first refusal as an `AppError`; answers the
 * facts it decided on. Every path that buys or sells calls it, inside its transaction.
 */
export const assertTradeAllowed = async (tx: Db, request: TradeRequest, known?: TradeSubject): Promise<TradeFacts> => {
  const subject = known ?? (await loadTradeSubject(tx, request.userId, request.assetId));
  if (!subject) throw new AppError('UNAUTHENTICATED');
  const { asset, info } = subject;
  if (!asset) throw new AppError('ASSET_NOT_FOUND');
  const averagePriceCents =
    request.market === 'investors' ? await averagePrice30Days(tx, request.assetId, request.now.getTime()) : null;
  const facts: TradeFacts = {
    side: request.side,
    today: calendarDateIn(request.now),
    user: {
      status: subject.user.status,
      domicile: info?.domicile ?? null,
      birthDate: info?.birthDate ?? null,
      taxIdCountries: subject.taxIdCountries,
      hasChurchTaxAnswer: info?.hasChurchTax !== null && info?.hasChurchTax !== undefined,
    },
    asset: {
      securityType: asset.securityType,
      countryCode: asset.countryCode,
      issuerCountryCode: asset.spvCountryCode,
    },
    amountCents: totalPrice(request.sharesCount, request.pricePerShareCents),
    priceCents: request.pricePerShareCents,
    averagePriceCents,
    acceptedWarnings: request.acceptedWarnings,
    appropriateness: appropriatenessOfRow(subject.kae, asset.securityType),
    acknowledgedAppropriateness: request.acknowledgedAppropriateness,
  };
  const refusal = tradeRefusal(facts);
  if (refusal) throw refusalError(refusal, facts);
  return facts;
};
