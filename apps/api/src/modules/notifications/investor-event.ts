import type { KaeBoundary } from '@bw/domain';

/**
 * Every posting that changes what an investor owns or owes, and every verdict on the investor
 * (issue 35, ADR 0026 addendum): the operation that books it calls `notifyInvestor` in the same
 * transaction, with the business event's own id. The inbox row commits with the posting or not at
 * all, its key (derived from that id) makes a retried or re-delivered event one entry, and the
 * delivery (socket, push and e-mail by the investor's settings) goes through the outbox.
 */
type Ids = { userId: string; transactionId: string };
type Asset = { assetId: string; assetTitle: string };

export type InvestorEvent =
  /** A bank transfer credited to the payment account (provider `transfer.settled`). */
  | (Ids & { kind: 'payin.credited'; amountCents: bigint; sender: string | null })
  /** A transfer the provider sent back before it was credited (`transfer.returned`). */
  | (Ids & { kind: 'payin.returned'; amountCents: bigint })
  | (Ids & { kind: 'payout.completed'; amountCents: bigint; iban: string | null })
  /** The provider failed the payout: the held amount is available again. */
  | (Ids & { kind: 'payout.failed'; amountCents: bigint })
  /** Staff did not release a payout held for review: the held amount is available again. */
  | (Ids & { kind: 'payout.rejected'; amountCents: bigint; reason: string })
  /** A purchase from the issuer settled: the shares are the investor's. */
  | (Ids &
      Asset & { kind: 'purchase.settled'; shares: number; amountCents: bigint; feeCents: bigint; bonusCents: bigint })
  | (Asset & {
      kind: 'trade.bought';
      userId: string;
      tradeId: string;
      /** The party's own transaction of the trade, so the inbox entry and the account line meet. */
      transactionId?: string;
      shares: number;
      volumeCents: bigint;
      feeCents: bigint;
      bonusCents: bigint;
      private: boolean;
    })
  | (Asset & {
      kind: 'trade.sold';
      userId: string;
      tradeId: string;
      /** The party's own transaction of the trade, so the inbox entry and the account line meet. */
      transactionId?: string;
      shares: number;
      volumeCents: bigint;
      feeCents: bigint;
      private: boolean;
    })
  | (Ids & Asset & { kind: 'distribution.paid'; grossCents: bigint; netCents: bigint })
  /** What a reinvestment mandate did with one distribution payment (ADR 0034). */
  | (Ids &
      Asset & {
        kind: 'reinvestment.done';
        bought: { shares: number; spentCents: bigint } | null;
        reasonText: string | null;
      })
  /** A bonus paid in cash from the bonus book: referral (either side) or a tiered campaign. */
  | (Ids & {
      kind: 'bonus.credited';
      amountCents: bigint;
      source: 'referrer' | 'referee' | 'campaign';
      campaignTitle?: string;
    })
  /** A back-office correction (signed: positive credits the investor) or a fee refund. */
  | (Ids & { kind: 'correction.booked'; amountCents: bigint; purpose: 'correction' | 'feeRefund'; reason: string })
  /** The identification's verdict, from the provider or from a compliance officer (KYC review). */
  | {
      kind: 'identification.decided';
      userId: string;
      key: string;
      outcome: 'verified' | 'retry' | 'failed';
      reason?: string;
    }
  /** The appropriateness rating by security type; null when the questionnaire was skipped. */
  | { kind: 'appropriateness.assessed'; userId: string; key: string; boundary: KaeBoundary | null }
  /**
   * The investor changed the small-business-owner answer (spec: account VAT): distributions of
   * power plants are settled with or without VAT from now on, so the change is confirmed in writing.
   */
  | { kind: 'vat.changed'; userId: string; key: string; smallBusinessOwner: boolean }
  /** A message the operator's staff wrote to the investor in the back office (spec type `text`). */
  | { kind: 'message.sent'; userId: string; key: string; title: string; body: string };

export type InvestorEventKind = InvestorEvent['kind'];

/** Every kind once (the record makes the compiler refuse a kind left out). */
const everyKind: Record<InvestorEventKind, true> = {
  'payin.credited': true,
  'payin.returned': true,
  'payout.completed': true,
  'payout.failed': true,
  'payout.rejected': true,
  'purchase.settled': true,
  'trade.bought': true,
  'trade.sold': true,
  'distribution.paid': true,
  'reinvestment.done': true,
  'bonus.credited': true,
  'correction.booked': true,
  'identification.decided': true,
  'appropriateness.assessed': true,
  'vat.changed': true,
  'message.sent': true,
};

/** Every kind, for the test that walks each event: a new kind without its walk fails that test. */
export const investorEventKinds = Object.keys(everyKind) as InvestorEventKind[];
