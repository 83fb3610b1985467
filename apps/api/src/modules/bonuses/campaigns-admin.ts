import type { BonusCampaignRow, CampaignSettlement, CreateBonusCampaignBody } from '@bw/contracts';
import { bonusCampaigns, type Db, partners, queryRows } from '@bw/db';
import { tierTableProblem } from '@bw/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Outbox } from '../../jobs/outbox.js';
import { AppError } from '../../lib/app-error.js';
import { type Actor, actorStaffId, writeAudit } from '../../platform/audit.js';
import { type CampaignRow, settleTieredCampaign, tiersOf } from './campaigns.js';

const stateOf = (row: CampaignRow, now: Date): BonusCampaignRow['state'] => {
  if (row.disabledAt) return 'disabled';
  if (row.settledAt) return 'settled';
  if (now < row.validFrom) return 'planned';
  return now < row.validUntil ? 'running' : 'ended';
};

const toRow = (row: CampaignRow, counts: { grants: number; refusals: number }, now: Date): BonusCampaignRow => ({
  id: row.id,
  partnerId: row.partnerId,
  kind: row.kind,
  title: row.title,
  amountCents: row.amountCents?.toString() ?? null,
  tiers: row.tiers,
  applicability: row.applicability,
  minimumInvestmentCents: row.minimumInvestmentCents.toString(),
  bonusValidDays: row.bonusValidDays,
  validFrom: row.validFrom.toISOString(),
  validUntil: row.validUntil.toISOString(),
  budgetCents: row.budgetCents?.toString() ?? null,
  paidCents: row.paidCents.toString(),
  grants: counts.grants,
  refusals: counts.refusals,
  settledAt: row.settledAt?.toISOString() ?? null,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  state: stateOf(row, now),
  createdAt: row.createdAt.toISOString(),
});

const countsOf = async (db: Db) => {
  const rows = await queryRows<{ campaign_id: string; grants: number; refusals: number }>(
    db,
    sql`SELECT campaign_id, count(*) FILTER (WHERE status <> 'refused')::int AS grants,
               count(*) FILTER (WHERE status = 'refused')::int AS refusals
        FROM bonus_grants GROUP BY campaign_id`,
  );
  return new Map(rows.map((row) => [row.campaign_id, { grants: row.grants, refusals: row.refusals }]));
};
const NONE = { grants: 0, refusals: 0 };

export const listCampaigns = async (db: Db, now: Date): Promise<BonusCampaignRow[]> => {
  const [rows, counts] = await Promise.all([
    db.select().from(bonusCampaigns).orderBy(desc(bonusCampaigns.createdAt)),
    countsOf(db),
  ]);
  return rows.map((row) => toRow(row, counts.get(row.id) ?? NONE, now));
};

const findCampaign = async (db: Db, id: string): Promise<CampaignRow> => {
  const [row] = await db.select().from(bonusCampaigns).where(eq(bonusCampaigns.id, id));
  if (!row) throw new AppError('CAMPAIGN_NOT_FOUND');
  return row;
};

/** A new campaign; a tiered one needs rising tiers, a start or rating one an amount. */
export const createCampaign = async (
  db: Db,
  actor: Actor,
  input: CreateBonusCampaignBody,
  now: Date,
): Promise<BonusCampaignRow> => {
  const validUntil = new Date(input.validUntil);
  if (validUntil <= now)
    throw new AppError('VALIDATION_FAILED', { validUntil: 'Das Datum liegt in der Vergangenheit.' });
  const tiers =
    input.kind === 'birthday'
      ? (input.tiers ?? []).map((tier) => ({ investedCents: tier.investedCents, bonusCents: tier.bonusCents }))
      : null;
  if (tiers) {
    const problem = tierTableProblem(
      tiers.map((tier) => ({ investedCents: BigInt(tier.investedCents), bonusCents: BigInt(tier.bonusCents) })),
    );
    if (problem) throw new AppError('VALIDATION_FAILED', { tiers: problem });
  }
  const amountCents = input.kind === 'birthday' ? null : BigInt(input.amountCents ?? '0');
  const budgetCents = input.budgetCents ? BigInt(input.budgetCents) : null;
  const smallest = amountCents ?? BigInt(tiers?.[0]?.bonusCents ?? '0');
  if (budgetCents !== null && budgetCents < smallest)
    throw new AppError('VALIDATION_FAILED', { budgetCents: 'Das Budget muss mindestens einen Bonus decken.' });
  return db.transaction(async (tx) => {
    const [partner] = await tx.select().from(partners).where(eq(partners.partnerId, input.partnerId));
    if (!partner) throw new AppError('VALIDATION_FAILED', { partnerId: 'Diesen Partner gibt es nicht.' });
    const [created] = await tx
      .insert(bonusCampaigns)
      .values({
        partnerId: input.partnerId,
        kind: input.kind,
        title: input.title,
        amountCents,
        tiers,
        applicability: input.applicability,
        minimumInvestmentCents: BigInt(input.minimumInvestmentCents),
        bonusValidDays: input.bonusValidDays,
        validFrom: new Date(input.validFrom),
        validUntil,
        budgetCents,
        createdBy: actorStaffId(actor) ?? 'system',
      })
      .returning();
    if (!created) throw new Error('campaign not inserted');
    await writeAudit(tx, actor, {
      action: 'bonusCampaign.create',
      targetType: 'bonusCampaign',
      targetId: created.id,
      after: created,
    });
    return toRow(created, NONE, now);
  });
};

/** Ends a campaign early: nothing more is granted or paid; what was granted stays the investors'. */
export const disableCampaign = (db: Db, actor: Actor, id: string, now: Date): Promise<BonusCampaignRow> =>
  db.transaction(async (tx) => {
    const before = await findCampaign(tx, id);
    if (before.disabledAt) return toRow(before, (await countsOf(tx)).get(id) ?? NONE, now);
    if (before.settledAt) throw new AppError('CAMPAIGN_ALREADY_SETTLED');
    const [after] = await tx
      .update(bonusCampaigns)
      .set({ disabledAt: now })
      .where(eq(bonusCampaigns.id, id))
      .returning();
    if (!after) throw new AppError('CAMPAIGN_NOT_FOUND');
    await writeAudit(tx, actor, {
      action: 'bonusCampaign.disable',
      targetType: 'bonusCampaign',
      targetId: id,
      before,
      after,
    });
    return toRow(after, (await countsOf(tx)).get(id) ?? NONE, now);
  });

/** Pays a tiered campaign that ended (the daily job does the same); a second call pays nobody twice. */
export const settleCampaign = async (
  db: Db,
  outbox: Outbox,
  actor: Actor,
  id: string,
  now: Date,
): Promise<CampaignSettlement> => {
  const campaign = await findCampaign(db, id);
  if (campaign.kind !== 'birthday' || tiersOf(campaign).length === 0) throw new AppError('CAMPAIGN_NOT_TIERED');
  if (campaign.disabledAt) throw new AppError('CAMPAIGN_DISABLED');
  if (now < campaign.validUntil) throw new AppError('CAMPAIGN_STILL_RUNNING');
  const outcome = await settleTieredCampaign(db, outbox, campaign, now);
  await db.transaction((tx) =>
    writeAudit(tx, actor, {
      action: 'bonusCampaign.settle',
      targetType: 'bonusCampaign',
      targetId: id,
      before: { paidCents: campaign.paidCents },
      after: { paid: outcome.paid, refused: outcome.refused, paidCents: outcome.paidCents },
    }),
  );
  const after = await findCampaign(db, id);
  return {
    campaign: toRow(after, (await countsOf(db)).get(id) ?? NONE, now),
    paid: outcome.paid,
    refused: outcome.refused,
    paidCents: outcome.paidCents.toString(),
  };
};
