import type { AssetIncomeView, RecordIncomeBody } from '@bw/contracts';
import { assetIncome, assetIncomeDocuments } from '@bw/db';
import { parseCents, periodHolding } from '@bw/domain';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';
import { safeFileName } from '../../../lib/multipart-upload.js';
import { type Actor, actorStaffId, writeAudit } from '../../backoffice/audit.js';
import { sniffContentType } from '../../identification/operations/upload-identification-file.js';
import { post } from '../../payments/ledger/ledger.js';
import { findAssetForDistribution, listRuns } from '../distributions.repo.js';
import type { DistributionDeps } from './distribution-deps.js';
import { toIncomeView } from './distributions-view.js';

/**
 * Records income an asset received for a period (rent, electricity sales; issue 22): one
 * `asset_income` row and the posting `psp_clearing → asset_income:<asset>` (the money arrived at
 * the provider), in one transaction with its audit row. The distribution run pays it out. Its
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
    await post(tx, {
      key: `income:${row.id}`,
      kind: 'asset_income',
      legs: [
        { account: { kind: 'psp_clearing' }, amount: -amount },
        { account: { kind: 'asset_income', assetId }, amount },
      ],
    });
    await writeAudit(tx, actor, {
      action: 'distributions.income.record',
      targetType: 'asset',
      targetId: assetId,
      after: row,
    });
    // Recorded for a period already paid: the view says so, and the asset's next run carries it.
    return toIncomeView(row, [], await listRuns(tx, assetId));
  });

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
