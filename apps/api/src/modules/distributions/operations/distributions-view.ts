import type { AssetDistributionsView, AssetIncomeView, DistributionRunView } from '@bw/contracts';
import type { Db } from '@bw/db';
import { type IncomeRow, listIncomeDocuments, listIncomes, listRuns, type RunRow } from '../distributions.repo.js';

export const toIncomeView = (
  row: IncomeRow,
  documents: { id: string; fileName: string; sizeBytes: number }[],
): AssetIncomeView => ({
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
  documents,
  createdAt: row.createdAt.toISOString(),
});

export const toRunView = (row: RunRow, alreadyRun: boolean): DistributionRunView => ({
  id: row.id,
  assetId: row.assetId,
  periodKey: row.periodKey,
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  recordDate: row.recordDate,
  income: row.incomeCents.toString(),
  investorsGross: row.investorsGrossCents.toString(),
  tax: row.taxCents.toString(),
  investorsNet: (row.investorsGrossCents - row.taxCents).toString(),
  issuer: row.issuerCents.toString(),
  holders: row.holders,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  alreadyRun,
});

/** The back office's distributions tab of an asset: incomes with their documents, runs. */
export const getAssetDistributions = async (db: Db, assetId: string): Promise<AssetDistributionsView> => {
  const incomes = await listIncomes(db, assetId);
  const documents = await listIncomeDocuments(
    db,
    incomes.map((income) => income.id),
  );
  const runs = await listRuns(db, assetId);
  return {
    incomes: incomes.map((income) =>
      toIncomeView(
        income,
        documents
          .filter((doc) => doc.incomeId === income.id)
          .map((doc) => ({ id: doc.id, fileName: doc.fileName, sizeBytes: doc.sizeBytes })),
      ),
    ),
    runs: runs.map((run) => toRunView(run, false)),
  };
};
