import type { OpenBonusView } from '@bw/contracts';
import { bonusCampaigns, bonusGrants, type Db, queryRows, userBonuses, users } from '@bw/db';
import { type BonusTier, decideGrant, type GrantRefusal, isRunning, reachedTier } from '@bw/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Outbox } from '../../jobs/outbox.js';
import { post } from '../../ledger/ledger.js';
import { notifyInvestor } from '../notifications/investor-events.js';
import { bonusTransaction, documentsOf, ibansOf, identityOf } from './referrals.js';

/**
 * Start, app-rating and tiered (birthday) campaigns (issue 25, ADR 0028). A start or rating bonus
 * is granted once per investor and campaign as a checkout bonus (`user_bonuses`, spent at a
 * purchase through the bonus book); a tiered campaign pays cash from the bonus book once, after it
 * ended, by the tier the investor's settled purchases in its window reached. Every grant takes the
 * campaign's budget in one conditional statement, so concurrent qualifications never pass it.
 */
export type CampaignRow = typeof bonusCampaigns.$inferSelect;
type GrantKind = 'startBonus' | 'appStoreRating';

const INVESTING = new Set(['verified', 'active']);
const DAY_MS = 86_400_000;

export const tiersOf = (campaign: CampaignRow): BonusTier[] =>
  (campaign.tiers ?? []).map((tier) => ({
    investedCents: BigInt(tier.investedCents),
    bonusCents: BigInt(tier.bonusCents),
  }));

const runningCampaigns = (db: Db, partnerId: string, kind: CampaignRow['kind'], now: Date) =>
  db
    .select()
    .from(bonusCampaigns)
    .where(
      and(
        eq(bonusCampaigns.partnerId, partnerId),
        eq(bonusCampaigns.kind, kind),
        sql`${bonusCampaigns.disabledAt} IS NULL AND ${bonusCampaigns.validFrom} <= ${now} AND ${now} < ${bonusCampaigns.validUntil}`,
      ),
    );

/**
 * Whether another account of the same person (a shared payout IBAN, identity document, or name and
 * birth date) already got something from this campaign.
 */
const samePersonGot = async (tx: Db, campaignId: string, userId: string): Promise<boolean> => {
  const [ibans, documents, identity] = await Promise.all([
    ibansOf(tx, userId),
    documentsOf(tx, userId),
    identityOf(tx, userId),
  ]);
  const others = await queryRows<{ user_id: string }>(
    tx,
    sql`SELECT user_id FROM bonus_grants WHERE campaign_id = ${campaignId} AND user_id <> ${userId} AND status <> 'refused'`,
  );
  for (const other of others) {
    const [theirIbans, theirDocuments, theirIdentity] = await Promise.all([
      ibansOf(tx, other.user_id),
      documentsOf(tx, other.user_id),
      identityOf(tx, other.user_id),
    ]);
    if (ibans.some((iban) => theirIbans.includes(iban))) return true;
    if (documents.some((doc) => theirDocuments.includes(doc))) return true;
    if (identity !== null && identity === theirIdentity) return true;
  }
  return false;
};

/** Takes `amount` from the campaign's budget in one statement; false when the budget cannot cover it. */
const takeBudget = async (tx: Db, campaignId: string, amount: bigint): Promise<boolean> => {
  const [taken] = await tx
    .update(bonusCampaigns)
    .set({ paidCents: sql`${bonusCampaigns.paidCents} + ${amount}` })
    .where(
      and(
        eq(bonusCampaigns.id, campaignId),
        sql`(${bonusCampaigns.budgetCents} IS NULL OR ${bonusCampaigns.paidCents} + ${amount} <= ${bonusCampaigns.budgetCents})`,
      ),
    )
    .returning({ id: bonusCampaigns.id });
  return taken !== undefined;
};

const recordGrant = (
  tx: Db,
  values: {
    campaignId: string;
    userId: string;
    status: 'granted' | 'paid' | 'refused';
    amountCents: bigint;
    refusalReason?: GrantRefusal | null;
    investedCents?: bigint | null;
    userBonusId?: string | null;
    transactionId?: string | null;
  },
) => tx.insert(bonusGrants).values(values).onConflictDoNothing().returning({ userId: bonusGrants.userId });

/**
 * Grants the start bonus (at activation; the investor registered while the campaign ran) or the
 * app-rating bonus (when the investor rated the app while it ran): once per campaign and investor.
 * Returns the checkout bonuses granted now.
 */
export const grantCampaignBonuses = async (
  db: Db,
  input: { userId: string; kind: GrantKind; now: Date },
): Promise<{ title: string; amountCents: bigint }[]> => {
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!user) return [];
  const granted: { title: string; amountCents: bigint }[] = [];
  for (const campaign of await runningCampaignsFor(db, user.partnerId, input.kind, input.now, user.createdAt)) {
    const outcome = await db.transaction(async (tx) => {
      // One grant per investor and campaign: a second call, also a concurrent one, waits here and finds it.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`bonus-grant:${campaign.id}:${user.id}`}))`);
      const [existing] = await tx
        .select()
        .from(bonusGrants)
        .where(and(eq(bonusGrants.campaignId, campaign.id), eq(bonusGrants.userId, user.id)));
      if (existing) return null;
      const [fresh] = await tx.select().from(bonusCampaigns).where(eq(bonusCampaigns.id, campaign.id));
      if (!fresh) return null;
      const amountCents = fresh.amountCents ?? 0n;
      const decision = decideGrant({
        campaign: fresh,
        amountCents,
        at: input.kind === 'startBonus' ? user.createdAt : input.now,
        investorVerified: INVESTING.has(user.status),
        samePersonAlreadyPaid: await samePersonGot(tx, fresh.id, user.id),
      });
      // Not yet verified: nothing is recorded, the grant follows at activation.
      if (decision.kind === 'refuse' && decision.reason === 'notVerified') return null;
      if (decision.kind === 'refuse' || !(await takeBudget(tx, fresh.id, amountCents))) {
        const reason = decision.kind === 'refuse' ? decision.reason : 'budgetSpent';
        await recordGrant(tx, {
          campaignId: fresh.id,
          userId: user.id,
          status: 'refused',
          amountCents: 0n,
          refusalReason: reason,
        });
        return null;
      }
      const [bonus] = await tx
        .insert(userBonuses)
        .values({
          userId: user.id,
          kind: input.kind,
          title: fresh.title,
          amountCents,
          applicability: fresh.applicability,
          minimumInvestmentCents: fresh.minimumInvestmentCents,
          validUntil: new Date(input.now.getTime() + fresh.bonusValidDays * DAY_MS),
        })
        .returning({ id: userBonuses.id });
      await recordGrant(tx, {
        campaignId: fresh.id,
        userId: user.id,
        status: 'granted',
        amountCents,
        userBonusId: bonus?.id ?? null,
      });
      return { title: fresh.title, amountCents };
    });
    if (outcome) granted.push(outcome);
  }
  return granted;
};

/** Start campaigns count the registration date; rating campaigns the moment of the rating. */
const runningCampaignsFor = async (db: Db, partnerId: string, kind: GrantKind, now: Date, registeredAt: Date) => {
  if (kind === 'appStoreRating') return runningCampaigns(db, partnerId, kind, now);
  const all = await db
    .select()
    .from(bonusCampaigns)
    .where(and(eq(bonusCampaigns.partnerId, partnerId), eq(bonusCampaigns.kind, kind)));
  return all.filter((campaign) => isRunning(campaign, registeredAt) && campaign.disabledAt === null);
};

/** What a user invested in settled purchases (primary market and bulletin board) in a window. */
export const investedBetween = async (db: Db, userId: string, from: Date, until: Date): Promise<bigint> => {
  const [row] = await queryRows<{ invested: string | null }>(
    db,
    sql`SELECT sum(amount_cents)::text AS invested FROM transactions
        WHERE user_id = ${userId} AND type = 'buy' AND status = 'success'
          AND updated_at >= ${from} AND updated_at < ${until}`,
  );
  return BigInt(row?.invested ?? '0');
};

/**
 * Pays a tiered campaign after its end: each investor of the partner whose settled purchases in the
 * window reached a tier gets that tier's bonus in cash from the bonus book, once (the grant's key),
 * within the budget. Running it again pays nobody twice and marks the campaign settled.
 */
export const settleTieredCampaign = async (
  db: Db,
  outbox: Outbox,
  campaign: CampaignRow,
  now: Date,
): Promise<{ paid: number; refused: number; paidCents: bigint }> => {
  const tiers = tiersOf(campaign);
  const investors = await queryRows<{ user_id: string; invested: string }>(
    db,
    sql`SELECT t.user_id, sum(t.amount_cents)::text AS invested
        FROM transactions t JOIN users u ON u.id = t.user_id
        WHERE u.partner_id = ${campaign.partnerId} AND t.type = 'buy' AND t.status = 'success'
          AND t.updated_at >= ${campaign.validFrom} AND t.updated_at < ${campaign.validUntil}
        GROUP BY t.user_id ORDER BY min(t.updated_at)`,
  );
  let paid = 0;
  let refused = 0;
  let paidCents = 0n;
  for (const investor of investors) {
    const invested = BigInt(investor.invested);
    const tier = reachedTier(tiers, invested);
    if (!tier) continue;
    const outcome = await db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext(${`bonus-grant:${campaign.id}:${investor.user_id}`}))`,
      );
      const [existing] = await tx
        .select({ userId: bonusGrants.userId })
        .from(bonusGrants)
        .where(and(eq(bonusGrants.campaignId, campaign.id), eq(bonusGrants.userId, investor.user_id)));
      if (existing) return 'done' as const;
      const base = { campaignId: campaign.id, userId: investor.user_id, investedCents: invested };
      if (await samePersonGot(tx, campaign.id, investor.user_id)) {
        await recordGrant(tx, { ...base, status: 'refused', amountCents: 0n, refusalReason: 'samePerson' });
        return 'refused' as const;
      }
      if (!(await takeBudget(tx, campaign.id, tier.bonusCents))) {
        await recordGrant(tx, { ...base, status: 'refused', amountCents: 0n, refusalReason: 'budgetSpent' });
        return 'refused' as const;
      }
      const transactionId = await bonusTransaction(tx, investor.user_id, tier.bonusCents, campaign.title);
      await post(tx, {
        key: `campaign:${campaign.id}:${investor.user_id}`,
        kind: 'campaign-bonus',
        transactionId,
        legs: [
          { account: { kind: 'bonuses' }, amount: -tier.bonusCents },
          { account: { kind: 'user_cash', userId: investor.user_id }, amount: tier.bonusCents },
        ],
      });
      await recordGrant(tx, { ...base, status: 'paid', amountCents: tier.bonusCents, transactionId });
      await notifyInvestor(tx, outbox, {
        kind: 'bonus.credited',
        userId: investor.user_id,
        transactionId,
        amountCents: tier.bonusCents,
        source: 'campaign',
        campaignTitle: campaign.title,
      });
      return 'paid' as const;
    });
    if (outcome === 'paid') {
      paid += 1;
      paidCents += tier.bonusCents;
    } else if (outcome === 'refused') refused += 1;
  }
  await db
    .update(bonusCampaigns)
    .set({ settledAt: now })
    .where(and(eq(bonusCampaigns.id, campaign.id), sql`${bonusCampaigns.settledAt} IS NULL`));
  return { paid, refused, paidCents };
};

/** Tiered campaigns that ended and are not yet paid out (the daily job settles them). */
export const endedUnsettledCampaigns = (db: Db, now: Date) =>
  db
    .select()
    .from(bonusCampaigns)
    .where(
      and(
        eq(bonusCampaigns.kind, 'birthday'),
        sql`${bonusCampaigns.settledAt} IS NULL AND ${bonusCampaigns.disabledAt} IS NULL AND ${bonusCampaigns.validUntil} <= ${now}`,
      ),
    );

/**
 * The campaigns' part of `allOpenBonuses`: a start bonus still to earn by finishing verification,
 * the rating bonus with its action, and a running tiered promotion with the progress to its next tier.
 */
export const openCampaignBonuses = async (
  db: Db,
  user: typeof users.$inferSelect,
  now: Date,
): Promise<OpenBonusView[]> => {
  const campaigns = await db
    .select()
    .from(bonusCampaigns)
    .where(and(eq(bonusCampaigns.partnerId, user.partnerId), sql`${bonusCampaigns.disabledAt} IS NULL`));
  const grants = new Set(
    (
      await db.select({ campaignId: bonusGrants.campaignId }).from(bonusGrants).where(eq(bonusGrants.userId, user.id))
    ).map((row) => row.campaignId),
  );
  const open: OpenBonusView[] = [];
  for (const campaign of campaigns) {
    if (grants.has(campaign.id)) continue;
    const base = {
      id: `campaign:${campaign.id}`,
      title: campaign.title,
      state: 'earning' as const,
      applicability: campaign.kind === 'birthday' ? null : campaign.applicability,
      validUntil: campaign.validUntil.toISOString(),
    };
    if (campaign.kind === 'startBonus' && isRunning(campaign, user.createdAt) && !INVESTING.has(user.status))
      open.push({ ...base, kind: 'startBonus', amount: String(campaign.amountCents ?? 0n), progress: null });
    if (campaign.kind === 'appStoreRating' && isRunning(campaign, now) && INVESTING.has(user.status))
      open.push({
        ...base,
        kind: 'appStoreRating',
        amount: String(campaign.amountCents ?? 0n),
        action: 'rateApp',
        progress: null,
      });
    if (campaign.kind === 'birthday' && isRunning(campaign, now)) {
      const tiers = tiersOf(campaign);
      const invested = await investedBetween(db, user.id, campaign.validFrom, campaign.validUntil);
      // The band the investment falls in ("up to", ADR 0028 addendum); before any investment the first.
      const band = reachedTier(tiers, invested);
      const shown = band ?? tiers[0];
      open.push({
        ...base,
        kind: 'birthday',
        amount: String(shown?.bonusCents ?? 0n),
        progress: { current: invested.toString(), target: String(shown?.investedCents ?? 0n) },
        tiers: tiers.map((tier) => ({
          invested: tier.investedCents.toString(),
          bonus: tier.bonusCents.toString(),
          applies: tier === band,
        })),
      });
    }
  }
  return open;
};
