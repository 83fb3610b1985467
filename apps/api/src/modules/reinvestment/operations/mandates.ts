import type { CreateReinvestmentMandateBody, ReinvestmentMandateView, ReinvestmentOverview } from '@bw/contracts';
import { assets, type Db, reinvestmentMandates } from '@bw/db';
import { formatSigningCents } from '@bw/domain';
import { eq } from 'drizzle-orm';
import type { Outbox } from '../../../jobs/outbox.js';
import { enqueueRealtimeUpdates } from '../../../jobs/realtime-jobs.js';
import { AppError } from '../../../lib/app-error.js';
import type { SettlementRegistry } from '../../../platform/settlements.js';
import { appropriatenessOfRow } from '../../onboarding/knowledge-and-experience/appropriateness.js';
import { findKaeRow } from '../../onboarding/knowledge-and-experience/knowledge-and-experience.repo.js';
import {
  createSigningRequest,
  lockSigningRequest,
  type SigningOutcome,
  withdrawSigningRequest,
} from '../../security-app/signing-requests.js';
import {
  listMandates,
  listReinvestments,
  lockMandateBySigningRequest,
  lockOpenMandate,
  setMandateStatus,
  sharesHeld,
} from '../reinvestment.repo.js';

/** The investor has this long to sign the mandate in the security app. */
export const MANDATE_SIGNING_SECONDS = 15 * 60;

const REINVESTABLE_STAGES = new Set(['primary', 'secondary']);

/**
 * Switches reinvestment on for one asset (ADR 0034): a pending mandate and a signing request of
 * kind `mandate` that states the asset, the price limit and the standing order; it becomes active
 * when the investor signs it in the security app.
 */
export const createMandate = async (
  db: Db,
  outbox: Outbox,
  input: CreateReinvestmentMandateBody & { userId: string; now: Date },
): Promise<ReinvestmentMandateView> => {
  const mandateId = await db.transaction(async (tx) => {
    const [asset] = await tx
      .select({ id: assets.id, title: assets.title, stage: assets.stage, securityType: assets.securityType })
      .from(assets)
      .where(eq(assets.id, input.assetId));
    if (!asset || !REINVESTABLE_STAGES.has(asset.stage)) throw new AppError('ASSET_NOT_FOUND');
    if ((await sharesHeld(tx, input.userId, asset.id)) <= 0n) throw new AppError('REINVESTMENT_NO_HOLDING');
    // The same appropriateness rule as every purchase, confirmed once for the standing mandate.
    const rating = appropriatenessOfRow(await findKaeRow(tx, input.userId), asset.securityType);
    const acknowledged = input.acknowledgedAppropriateness === true;
    if (rating !== 'Appropriate' && !acknowledged)
      throw new AppError('INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED', { rating });
    if (await lockOpenMandate(tx, input.userId, asset.id)) throw new AppError('REINVESTMENT_MANDATE_EXISTS');
    const maxPrice = BigInt(input.maxPricePerShare);
    const request = await createSigningRequest(tx, {
      userId: input.userId,
      kind: 'mandate',
      expiresInSeconds: MANDATE_SIGNING_SECONDS,
      now: input.now,
      payload: {
        assetId: asset.id,
        assetName: asset.title,
        priceCents: maxPrice.toString(),
        description: `Dauerauftrag bis auf Widerruf: Ausschüttungen dieses Objekts in ganze Anteile bis ${formatSigningCents(maxPrice.toString())} je Anteil wiederanlegen`,
      },
    });
    const [row] = await tx
      .insert(reinvestmentMandates)
      .values({
        userId: input.userId,
        assetId: asset.id,
        maxPricePerShareCents: maxPrice,
        acknowledgedAppropriateness: acknowledged,
        signingRequestId: request.id,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ id: reinvestmentMandates.id });
    // A concurrent second call of the same investor lost the race for the open mandate.
    if (!row) throw new AppError('REINVESTMENT_MANDATE_EXISTS');
    await enqueueRealtimeUpdates(outbox, tx, { userIds: [input.userId], assetIds: [], reason: 'reinvestment' });
    return row.id;
  });
  const mandate = (await listMandates(db, input.userId)).find((one) => one.id === mandateId);
  if (!mandate) throw new Error('the new mandate was not found');
  return mandate;
};

/**
 * Switches reinvestment off (revocable at any time): an active mandate ends now, a pending one
 * ends and its signing request is withdrawn, so the app can no longer sign it. Payments already
 * reinvested stay as they are. Lock order (ADR 0023): the signing request first, then the mandate.
 */
export const revokeMandate = async (
  db: Db,
  outbox: Outbox,
  settlements: SettlementRegistry,
  input: { userId: string; assetId: string; now: Date },
): Promise<void> =>
  db.transaction(async (tx) => {
    const seen = await lockOpenMandate(tx, input.userId, input.assetId);
    if (!seen) throw new AppError('REINVESTMENT_MANDATE_NOT_FOUND');
    await lockSigningRequest(tx, input.userId, seen.signingRequestId);
    const mandate = await lockOpenMandate(tx, input.userId, input.assetId);
    if (!mandate) throw new AppError('REINVESTMENT_MANDATE_NOT_FOUND');
    await setMandateStatus(tx, mandate.id, 'revoked', input.now);
    if (mandate.status === 'pending')
      await withdrawSigningRequest(tx, settlements, {
        userId: input.userId,
        requestId: mandate.signingRequestId,
        now: input.now,
      });
    await enqueueRealtimeUpdates(outbox, tx, { userIds: [input.userId], assetIds: [], reason: 'reinvestment' });
  });

/** The `mandate` signing hook: signed → active, refused or lapsed → ended. Runs in the outcome's transaction. */
export const onMandateSigningOutcome =
  (outbox: Outbox) =>
  async (tx: Db, outcome: SigningOutcome): Promise<void> => {
    const mandate = await lockMandateBySigningRequest(tx, outcome.request.id);
    if (mandate?.status !== 'pending') return;
    const status = outcome.status === 'signed' ? 'active' : outcome.status;
    await setMandateStatus(tx, mandate.id, status, new Date());
    await enqueueRealtimeUpdates(outbox, tx, { userIds: [mandate.userId], assetIds: [], reason: 'reinvestment' });
  };

export const reinvestmentOverview = async (db: Db, userId: string): Promise<ReinvestmentOverview> => ({
  mandates: await listMandates(db, userId),
  reinvestments: await listReinvestments(db, userId),
});
