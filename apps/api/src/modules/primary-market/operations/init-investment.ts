import { randomUUID } from 'node:crypto';
import type { InitInvestmentBody, PurchaseView } from '@bw/contracts';
import type { Db } from '@bw/db';
import { isBuilderOwner, type PurchaseFacts, purchaseRefusal, purchaseTotals } from '@bw/domain';
import { oncePerKey, requestHashOf } from '../../../ledger/idempotency.js';
import { hold } from '../../../ledger/ledger.js';
import { AppError } from '../../../lib/app-error.js';
import { draftSigningRequest, signingRequestForActiveAppCtes } from '../../security-app/signing-requests.js';
import { assertTradeAllowed } from '../../trade-rules/trade-rules.js';
import { findAsset, insertReservedPurchase, loadPurchaseFacts, toPurchaseView } from '../primary-market.repo.js';
import { claimBestBonus } from './bonuses.js';

/** How long the investor has to sign a purchase in the security app before it lapses. */
export const PURCHASE_SIGNING_SECONDS = 15 * 60;

export type InitInvestmentInput = InitInvestmentBody & {
  userId: string;
  assetId: string;
  idempotencyKey: string | null;
  /** Manual investments (builder-owner) carry the drawn signatures. */
  manualSignatures?: string[];
  now: Date;
};

const paymentReferenceOf = (transactionId: string): string =>
  `BW-${transactionId.replaceAll('-', '').slice(0, 12).toUpperCase()}`;

/**
 * `POST /api/v1/assets/initInvestment/{id}` (issue 9): runs the trade rules of every buy (ADR 0040)
 * and the issuer's market checks, then in one
 * transaction holds the cash (amount plus fee less bonus), binds the bonus, creates the signing
 * request and takes the shares off the asset, nothing moving to the issuer until the signature.
 * The facts are one read (issue 27); the asset row, which every buyer of the asset updates, is
 * written last, so the transaction holds its lock only for that statement and the commit.
 */
export const initInvestment = (db: Db, input: InitInvestmentInput): Promise<PurchaseView> =>
  db.transaction(async (tx) => {
    const work = async (): Promise<PurchaseView> => {
      const facts = await loadPurchaseFacts(tx, input.userId, input.assetId);
      if (!facts) throw new AppError('UNAUTHENTICATED');
      const { user, asset } = facts;
      if (!asset || ['preparing', 'review', 'declined'].includes(asset.stage)) throw new AppError('ASSET_NOT_FOUND');
      const feeBps = facts.feeBps ?? 0;
      const paidByBankWire = isBuilderOwner(asset.securityType);
      const grossAmount = BigInt(input.shares) * asset.pricePerShareCents;
      const bonus = input.useBonus
        ? await claimBestBonus(tx, { userId: user.id, market: 'primaryMarket', investmentCents: grossAmount })
        : null;
      // The rules of every buy (ADR 0040) on the facts just read, then the issuer's market checks.
      const rules = await assertTradeAllowed(
        tx,
        {
          userId: user.id,
          assetId: asset.id,
          side: 'buy',
          market: 'issuer',
          sharesCount: input.shares,
          pricePerShareCents: asset.pricePerShareCents,
          acceptedWarnings: input.acceptedWarnings ?? [],
          acknowledgedAppropriateness: input.acknowledgedAppropriateness === true,
          now: input.now,
        },
        facts,
      );
      const checked: PurchaseFacts = {
        asset: {
          stage: asset.stage,
          availableShares: asset.availableShares,
          minimumSubscriptionShares: asset.minimumSubscriptionShares,
          pricePerShareCents: asset.pricePerShareCents,
        },
        shares: input.shares,
        feeBps,
        bonusCents: bonus?.amountCents ?? 0n,
        availableCashCents: facts.availableCashCents,
        paidByBankWire,
      };
      const refusal = purchaseRefusal(checked);
      if (refusal === 'INVESTMENT_BELOW_MINIMUM_SUBSCRIPTION')
        throw new AppError(refusal, { minimumShares: String(asset.minimumSubscriptionShares) });
      if (refusal === 'INVESTMENT_SHARES_NOT_AVAILABLE')
        throw new AppError(refusal, { availableShares: String(asset.availableShares) });
      if (refusal) throw new AppError(refusal);
      const totals = purchaseTotals(input.shares, asset.pricePerShareCents, feeBps, checked.bonusCents);

      const transactionId = randomUUID();
      let cashHoldId: string | null = null;
      if (!paidByBankWire && totals.totalCents > 0n) {
        const held = await hold(tx, {
          key: `primary:${transactionId}:cash`,
          account: { kind: 'user_cash', userId: user.id },
          amount: totals.totalCents,
          transactionId,
        }).catch((error: unknown) => {
          // Another purchase of the same user spent the money between the check and the hold.
          if (error instanceof AppError && error.code === 'LEDGER_INSUFFICIENT_BALANCE')
            throw new AppError('INVESTMENT_INSUFFICIENT_FUNDS');
          throw error;
        });
        cashHoldId = held.holdId;
      }
      const signing = draftSigningRequest({
        userId: user.id,
        kind: 'trade',
        payload: {
          assetId: asset.id,
          assetName: asset.title,
          sharesCount: String(input.shares),
          priceCents: asset.pricePerShareCents.toString(),
          amountCents: totals.totalCents.toString(),
          feeCents: totals.feeCents.toString(),
          counterparty: asset.spvName,
          description: paidByBankWire ? 'Kauf vom Emittenten (Bauherrenmodell)' : 'Kauf vom Emittenten',
        },
        expiresInSeconds: PURCHASE_SIGNING_SECONDS,
        now: input.now,
      });
      // The signing request (only while the buyer's app is active), the business transaction, the
      // purchase and the shares taken off the asset: one statement (issue 27, issue 37). The race
      // for the last shares is decided there, by the database, as the last write.
      const { purchase, sharesTaken } = await insertReservedPurchase(tx, {
        signingCtes: signingRequestForActiveAppCtes(signing),
        signingRequestId: signing.id,
        transaction: { sender: facts.walletIban, receiver: asset.spvName },
        purchase: {
          transactionId,
          userId: user.id,
          assetId: asset.id,
          status: 'reserved',
          method: paidByBankWire ? 'bankWire' : 'account',
          shares: input.shares,
          pricePerShareCents: asset.pricePerShareCents,
          amountCents: totals.amountCents,
          feeCents: totals.feeCents,
          bonusCents: totals.bonusCents,
          bonusId: bonus?.id ?? null,
          cashHoldId,
          acceptedWarnings: input.acceptedWarnings ?? [],
          appropriatenessRating: rules.appropriateness,
          paymentReference: paidByBankWire ? paymentReferenceOf(transactionId) : null,
          manualSignatures: input.manualSignatures ?? null,
        },
        now: input.now,
      });
      if (!purchase) throw new AppError('SECURITY_APP_NOT_CONNECTED');
      if (!sharesTaken) {
        const now = await findAsset(tx, asset.id);
        throw new AppError(
          now?.stage === 'primary' ? 'INVESTMENT_SHARES_NOT_AVAILABLE' : 'INVESTMENT_NOT_IN_FINANCING_PHASE',
        );
      }
      if (bonus) await bonus.bindTo(transactionId);
      return toPurchaseView({
        purchase,
        assetTitle: asset.title,
        spvName: asset.spvName,
        signingExpiresAt: new Date(signing.expiresAt),
        reservation: null,
        appointment: null,
      });
    };
    if (!input.idempotencyKey) return work();
    const requestHash = requestHashOf({
      assetId: input.assetId,
      shares: input.shares,
      acceptedWarnings: input.acceptedWarnings ?? [],
      acknowledgedAppropriateness: input.acknowledgedAppropriateness ?? false,
      useBonus: input.useBonus ?? false,
      manual: input.manualSignatures?.length ?? 0,
    });
    return (
      await oncePerKey(tx, { scope: `initInvestment:${input.userId}`, key: input.idempotencyKey, requestHash }, work)
    ).value;
  });
