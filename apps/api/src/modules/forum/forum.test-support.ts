import type { FastifyInstance, InjectOptions } from 'fastify';
import { systemActor } from '../../platform/audit.js';
import type { BulkInvestor } from '../../test/bulk-investors.js';
import { samplePvAsset } from '../assets/admin/assets-admin.test-support.js';
import { createAsset } from '../assets/admin/create-asset.js';
import { giveShares } from '../distributions/distributions.test-support.js';

export const L = '/launchpad/api/v1';
let assetCounter = 0;

/**
 * A fresh asset of 1 000 000 shares at 100 € whose holders hold the given shares (issued to them
 * through the ledger). Its financing threshold is `thresholdShares` (900 unless given): the floor of
 * the voting shares (ADR 0027 addendum).
 */
export const assetWithHolders = async (
  app: FastifyInstance,
  holders: { investor: BulkInvestor; shares: bigint }[],
  { thresholdShares = 900n }: { thresholdShares?: bigint } = {},
): Promise<string> => {
  assetCounter += 1;
  const id = `forum-${process.pid}-${assetCounter}`;
  await createAsset(
    { db: app.db, bus: app.bus },
    systemActor('forum-test'),
    samplePvAsset({
      id,
      totalShares: 1_000_000,
      fundingLimitCents: (1_000_000n * 10_000n).toString(),
      fundingThresholdCents: (thresholdShares * 10_000n).toString(),
    }),
  );
  for (const { investor, shares } of holders) await giveShares(app.db, investor.userId, id, shares);
  return id;
};

export const call = (
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  who: { headers: Record<string, string> } | null,
  payload?: object,
) => app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
