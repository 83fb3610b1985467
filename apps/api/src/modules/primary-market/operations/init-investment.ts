import type { InitInvestmentBody, PurchaseView } from '@bw/contracts';
import { type Db, paymentAccounts, personalInformation, primaryPurchases, transactions, userTaxIds } from '@bw/db';
import { isBuilderOwner, type PurchaseFacts, purchaseRefusal, purchaseTotals } from '@bw/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';
import { appropriatenessFor } from '../../onboarding/knowledge-and-experience/appropriateness.js';
import { oncePerKey, requestHashOf } from '../../payments/ledger/idempotency.js';
import { cashBalances, hold } from '../../payments/ledger/ledger.js';
import { findUser } from '../../payments/payments.repo.js';
import { createSigningRequest } from '../../security-app/signing-requests.js';
import { findAsset, listPurchaseViews, reserveIssuerShares, transactionFeeBpsOf } from '../primary-market.repo.js';
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
 * `POST /api/v1/assets/initInvestment/{id}` (issue 9): runs the checks in their order, then in one
 * transaction takes the shares off the asset, holds the cash (amount plus fee less bonus), binds
 * the bonus and creates the signing request. Nothing moves to the issuer until the signature.
 */
export const initInvestment = (db: Db, input: InitInvestmentInput): Promise<PurchaseView> =>
  db.transaction(async (tx) => {
    const work = async (): Promise<PurchaseView> => {
      const user = await findUser(tx, input.userId);
      if (!user) throw new AppError('UNAUTHENTICATED');
      const asset = await findAsset(tx, input.assetId);
      if (!asset || ['preparing', 'review', 'declined'].includes(asset.stage)) throw new AppError('ASSET_NOT_FOUND');
      const [info] = await tx.select().from(personalInformation).where(eq(personalInformation.userId, user.id));
      const taxIds = await tx.select().from(userTaxIds).where(eq(userTaxIds.userId, user.id));
      const feeBps = await transactionFeeBpsOf(tx, user.partnerId);
      const paidByBankWire = isBuilderOwner(asset.securityType);
      const grossAmount = BigInt(input.shares) * asset.pricePerShareCents;
      const bonus = input.useBonus
        ? await claimBestBonus(tx, { userId: user.id, market: 'primaryMarket', investmentCents: grossAmount })
        : null;
      const { availableCents } = await cashBalances(tx, user.id);
      const facts: PurchaseFacts = {
        userStatus: user.status,
        asset: {
          stage: asset.stage,
          availableShares: asset.availableShares,
          minimumSubscriptionShares: asset.minimumSubscriptionShares,
          pricePerShareCents: asset.pricePerShareCents,
          securityType: asset.securityType,
          countryCode: asset.countryCode,
          issuerCountryCode: asset.spvCountryCode,
        },
        user: {
          domicile: info?.domicile ?? null,
          taxIdCountries: taxIds.map((row) => row.country),
          hasChurchTaxAnswer: info?.hasChurchTax !== null && info?.hasChurchTax !== undefined,
        },
        shares: input.shares,
        feeBps,
        bonusCents: bonus?.amountCents ?? 0n,
        acceptedWarnings: input.acceptedWarnings ?? [],
        appropriateness: await appropriatenessFor(tx, user.id, asset.securityType),
        acknowledgedAppropriateness: input.acknowledgedAppropriateness === true,
        availableCashCents: availableCents,
        paidByBankWire,
      };
      const refusal = purchaseRefusal(facts);
      if (refusal === 'INVESTMENT_BELOW_MINIMUM_SUBSCRIPTION')
        throw new AppError(refusal, { minimumShares: String(asset.minimumSubscriptionShares) });
      if (refusal === 'INVESTMENT_SHARES_NOT_AVAILABLE')
        throw new AppError(refusal, { availableShares: String(asset.availableShares) });
      if (refusal === 'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED')
        throw new AppError(refusal, { rating: facts.appropriateness });
      if (refusal) throw new AppError(refusal);
      const totals = purchaseTotals(input.shares, asset.pricePerShareCents, feeBps, facts.bonusCents);

      // The race for the last shares is decided here, by the database.
      if (!(await reserveIssuerShares(tx, asset.id, input.shares))) {
        const now = await findAsset(tx, asset.id);
        throw new AppError(
          now?.stage === 'primary' ? 'INVESTMENT_SHARES_NOT_AVAILABLE' : 'INVESTMENT_NOT_IN_FINANCING_PHASE',
        );
      }
      const [wallet] = await tx.select().from(paymentAccounts).where(eq(paymentAccounts.userId, user.id));
      const [row] = await tx
        .insert(transactions)
        .values({
          userId: user.id,
          assetId: asset.id,
          type: 'buy',
          status: 'reserved',
          method: paidByBankWire ? 'bankWire' : 'account',
          amountCents: totals.amountCents,
          feeCents: totals.feeCents,
          bonusCents: totals.bonusCents,
          sender: wallet?.iban ?? null,
          receiver: asset.spvName,
        })
        .returning({ id: transactions.id });
      if (!row) throw new AppError('CONFLICT');
      let cashHoldId: string | null = null;
      if (!paidByBankWire && totals.totalCents > 0n) {
        const held = await hold(tx, {
          key: `primary:${row.id}:cash`,
          account: { kind: 'user_cash', userId: user.id },
          amount: totals.totalCents,
          transactionId: row.id,
        }).catch((error: unknown) => {
          // Another purchase of the same user spent the money between the check and the hold.
          if (error instanceof AppError && error.code === 'LEDGER_INSUFFICIENT_BALANCE')
            throw new AppError('INVESTMENT_INSUFFICIENT_FUNDS');
          throw error;
        });
        cashHoldId = held.holdId;
        await tx.update(transactions).set({ holdId: held.holdId }).where(eq(transactions.id, row.id));
      }
      if (bonus) await bonus.bindTo(row.id);
      const signing = await createSigningRequest(tx, {
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
      await tx.insert(primaryPurchases).values({
        transactionId: row.id,
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
        signingRequestId: signing.id,
        acceptedWarnings: input.acceptedWarnings ?? [],
        appropriatenessRating: facts.appropriateness,
        paymentReference: paidByBankWire ? paymentReferenceOf(row.id) : null,
        manualSignatures: input.manualSignatures ?? null,
      });
      const [view] = await listPurchaseViews(tx, { userId: user.id, transactionId: row.id });
      if (!view) throw new Error('unreachable: purchase inserted above');
      return view;
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
