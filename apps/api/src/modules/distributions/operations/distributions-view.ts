import type {
  AssetDistributionsView,
  AssetIncomeView,
  DistributionProposalView,
  DistributionRunView,
} from '@bw/contracts';
import type { Db } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import {
  findAssetForDistribution,
  findRunById,
  type IncomeRow,
  listIncomeDocuments,
  listIncomes,
  listProposals,
  listRuns,
  type ProposalRow,
  payableIncomeSums,
  type RunRow,
} from '../distributions.repo.js';

/**
 * An income is carried over (issue 35) when a run of a period holding it exists and did not pay it:
 * it arrived after its period had been paid, and the asset's next run pays it (`carriedInto`).
 */
export const toIncomeView = (
  row: IncomeRow,
  documents: { id: string; fileName: string; sizeBytes: number }[],
  runs: readonly RunRow[] = [],
): AssetIncomeView => {
  const ownRun = runs.find((run) => run.periodStart <= row.periodStart && run.periodEnd >= row.periodEnd);
  const carriedOver = ownRun !== undefined && ownRun.id !== row.distributionRunId;
  return {
    id: row.id,
    assetId: row.assetId,
    kind: row.kind,
    amount: row.amountCents.toString(),
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    receivedOn: row.receivedOn,
    note: row.note,
    status: row.status,
    distributionRunId: row.distributionRunId,
    carriedOver,
    carriedInto: carriedOver ? (runs.find((run) => run.id === row.distributionRunId)?.periodKey ?? null) : null,
    documents,
    createdAt: row.createdAt.toISOString(),
  };
};

export const toRunView = (row: RunRow, alreadyRun: boolean): DistributionRunView => ({
  id: row.id,
  assetId: row.assetId,
  periodKey: row.periodKey,
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  recordDate: row.recordDate,
  income: row.incomeCents.toString(),
  carriedIncome: row.carriedIncomeCents.toString(),
  investorsGross: row.investorsGrossCents.toString(),
  tax: row.taxCents.toString(),
  investorsNet: (row.investorsGrossCents - row.taxCents).toString(),
  issuer: row.issuerCents.toString(),
  holders: row.holders,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  alreadyRun,
});

/** A proposal with what its run paid, or, while open, what it would pay now. */
export const toProposalView = async (db: Db, row: ProposalRow): Promise<DistributionProposalView> => {
  const run = row.runId ? await findRunById(db, row.runId) : undefined;
  const sums = run
    ? { incomeCents: run.incomeCents, carriedCents: run.carriedIncomeCents }
    : await payableIncomeSums(db, row.assetId, row.periodStart, row.periodEnd);
  return {
    id: row.id,
    assetId: row.assetId,
    periodKey: row.periodKey,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    recordDate: row.recordDate,
    status: row.status,
    income: sums.incomeCents.toString(),
    carriedIncome: sums.carriedCents.toString(),
    proposedBy: row.proposedBy,
    proposedAt: row.proposedAt.toISOString(),
    submittedBy: row.submittedBy,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    declineReason: row.declineReason,
    run: run ? toRunView(run, false) : null,
  };
};

/** The back office's distributions tab of an asset: incomes with their documents, proposals, runs. */
export const getAssetDistributions = async (db: Db, assetId: string): Promise<AssetDistributionsView> => {
  const asset = await findAssetForDistribution(db, assetId);
  if (!asset) throw new AppError('ASSET_NOT_FOUND');
  const incomes = await listIncomes(db, assetId);
  const documents = await listIncomeDocuments(
    db,
    incomes.map((income) => income.id),
  );
  const runs = await listRuns(db, assetId);
  const proposals = await listProposals(db, assetId);
  return {
    distributionFrequency: asset.distributionFrequency,
    incomes: incomes.map((income) =>
      toIncomeView(
        income,
        documents
          .filter((doc) => doc.incomeId === income.id)
          .map((doc) => ({ id: doc.id, fileName: doc.fileName, sizeBytes: doc.sizeBytes })),
        runs,
      ),
    ),
    proposals: await Promise.all(proposals.map((proposal) => toProposalView(db, proposal))),
    runs: runs.map((run) => toRunView(run, false)),
  };
};
