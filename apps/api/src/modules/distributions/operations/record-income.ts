import type { AssetIncomeView, RecordIncomeBody } from '@bw/contracts';
import { assetIncome, assetIncomeDocuments, type Db } from '@bw/db';
import { parseCents, periodHolding } from '@bw/domain';
import { and, eq } from 'drizzle-orm';
import { post } from '../../../ledger/ledger.js';
import { AppError } from '../../../lib/app-error.js';
import { safeFileName } from '../../../lib/multipart-upload.js';
import { type Actor, actorStaffId, writeAudit } from '../../../platform/audit.js';
import { sniffContentType } from '../../identification/operations/upload-identification-file.js';
import { findAssetForDistribution, listRuns } from '../distributions.repo.js';
import type { DistributionDeps } from './distribution-deps.js';
import { toIncomeView } from './distributions-view.js';

/**
 * Records income an asset receives for a period (rent, electricity sales; issue 22): one
 * `asset_income` row, `expected`, in one transaction with its audit row. Nothing is booked yet:
 * money enters the provider's book only with the provider's confirmation of the incoming transfer
 * (`confirmIncome`, issue 34), which books `psp_clearing → asset_income:<asset>` and makes the
 * income ready for the distribution run. The payer quotes the income's id as the reference. Its
 * period lies inside one period of the asset's frequency; recorded for a period already paid, it is
 * carried into the asset's next run (issue 35).
 */
export const recordIncome = async (
  deps: DistributionDeps,
  actor: Actor,
  assetId: string,
  body: RecordIncomeBody,
  now: Date = new Date(),
): Promise<AssetIncomeView> =>
  deps.db.transaction(async (tx) => {
    const asset = await findAssetForDistribution(tx, assetId);
    if (!asset) throw new AppError('ASSET_NOT_FOUND');
    if (body.receivedOn > now.toISOString().slice(0, 10)) throw new AppError('INCOME_RECEIVED_IN_FUTURE');
    // An income that crosses the asset's period boundary could never be paid by one run (issue 35).
    if (!periodHolding(asset.distributionFrequency, body.periodStart, body.periodEnd))
      throw new AppError('INCOME_PERIOD_NOT_ASSET_FREQUENCY');
    const amount = parseCents(body.amount);
    const [row] = await tx
      .insert(assetIncome)
      .values({
        assetId,
        kind: body.kind,
        amountCents: amount,
        periodStart: body.periodStart,
        periodEnd: body.periodEnd,
        receivedOn: body.receivedOn,
        note: body.note ?? '',
        recordedBy: actorStaffId(actor),
      })
      .returning();
    if (!row) throw new Error('the income row was not written');
    await writeAudit(tx, actor, {
      action: 'distributions.income.record',
      targetType: 'asset',
      targetId: assetId,
      after: row,
    });
    // Recorded for a period already paid: the view says so, and the asset's next run carries it.
    return toIncomeView(row, [], await listRuns(tx, assetId));
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const MAX_INCOME_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** Evidence of an income (statement, invoice): PDF, JPEG or PNG, 10 MB at most. */
export const addIncomeDocument = async (
  deps: DistributionDeps,
  actor: Actor,
  input: { assetId: string; incomeId: string; fileName: string; bytes: Buffer },
): Promise<{ id: string; fileName: string; sizeBytes: number }> => {
  const contentType = sniffContentType(input.bytes);
  if (!contentType) throw new AppError('FILE_TYPE_NOT_ALLOWED');
  return deps.db.transaction(async (tx) => {
    const [income] = await tx
      .select({ id: assetIncome.id })
      .from(assetIncome)
      .where(and(eq(assetIncome.id, input.incomeId), eq(assetIncome.assetId, input.assetId)));
    if (!income) throw new AppError('NOT_FOUND');
    const fileName = safeFileName(input.fileName, 'beleg');
    const [doc] = await tx
      .insert(assetIncomeDocuments)
      .values({ incomeId: income.id, fileName, contentType, sizeBytes: input.bytes.length, content: input.bytes })
      .returning({ id: assetIncomeDocuments.id });
    if (!doc) throw new Error('the document row was not written');
    await writeAudit(tx, actor, {
      action: 'distributions.income.document',
      targetType: 'asset_income',
      targetId: income.id,
      after: { documentId: doc.id, fileName, contentType, sizeBytes: input.bytes.length },
    });
    return { id: doc.id, fileName, sizeBytes: input.bytes.length };
  });
};

/**
 * The provider confirmed the incoming transfer of a recorded income (its `income.received`
 * webhook, applied once per event): books `psp_clearing → asset_income:<asset>` and marks the
 * income `recorded`, ready to be distributed. A transfer that names no expected income, or an
 * amount other than the recorded one, changes nothing (the reconciliation shows the money the
 * provider holds that the books do not).
 */
export const confirmIncome = async (
  tx: Db,
  transfer: { transferId: string; reference: string; amountCents: bigint },
  now: Date = new Date(),
): Promise<'applied' | 'ignored'> => {
  if (!UUID.test(transfer.reference)) return 'ignored';
  const [income] = await tx.select().from(assetIncome).where(eq(assetIncome.id, transfer.reference)).for('update');
  if (!income || income.status !== 'expected' || income.amountCents !== transfer.amountCents) return 'ignored';
  await post(tx, {
    key: `income:${income.id}`,
    kind: 'asset_income',
    legs: [
      { account: { kind: 'psp_clearing' }, amount: -income.amountCents },
      { account: { kind: 'asset_income', assetId: income.assetId }, amount: income.amountCents },
    ],
  });
  await tx
    .update(assetIncome)
    .set({ status: 'recorded', providerTransferId: transfer.transferId, confirmedAt: now })
    .where(eq(assetIncome.id, income.id));
  return 'applied';
};
