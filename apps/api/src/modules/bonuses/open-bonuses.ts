import type { OpenBonusView, ReferralLinkView } from '@bw/contracts';
import { type Db, partners, primaryPurchases, queryRows, referralRewards, userBonuses, users } from '@bw/db';
import { normaliseReferralCode } from '@bw/domain';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.js';
import { partnerLinkBase } from '../partners/partner-url.js';
import { grantCampaignBonuses, openCampaignBonuses } from './campaigns.js';
import { ownReferralCode, termsOf } from './referrals.js';

/**
 * `GET /api/v1/bonus/referralLink`: the link to share and the terms. The link's address is the
 * partner's web address, else `PUBLIC_URL`, else the address the server listens on (issue 35).
 */
export const referralLink = async (db: Db, config: AppConfig, userId: string): Promise<ReferralLinkView> => {
  const { code, partner } = await ownReferralCode(db, userId);
  const terms = termsOf(partner);
  return {
    referralLink: `${partnerLinkBase(config, partner)}/register?referralCode=${code}`,
    referralCode: code,
    referrerBonus: terms.referrerBonusCents.toString(),
    refereeBonus: terms.refereeBonusCents.toString(),
    minimumInvestment: terms.minimumInvestmentCents.toString(),
  };
};

const largestSettledInvestment = async (db: Db, userId: string): Promise<bigint> => {
  const [row] = await db
    .select({ largest: sql<string | null>`max(${primaryPurchases.amountCents})::text` })
    .from(primaryPurchases)
    .where(and(eq(primaryPurchases.userId, userId), eq(primaryPurchases.status, 'settled')));
  return BigInt(row?.largest ?? '0');
};

/**
 * `GET /api/v1/bonus/allOpenBonuses`: the bonuses ready at checkout, and the referral bonuses still
 * being earned (as the new investor, and for each person the user referred who has not yet
 * qualified), each with its progress towards the partner's minimum investment.
 */
export const allOpenBonuses = async (db: Db, userId: string, now: Date): Promise<OpenBonusView[]> => {
  // A start bonus an activation did not grant (it failed, or the investor was verified another way) follows here, once.
  await grantCampaignBonuses(db, { userId, kind: 'startBonus', now });
  const usable = await db
    .select()
    .from(userBonuses)
    .where(
      and(
        eq(userBonuses.userId, userId),
        isNull(userBonuses.usedByTransactionId),
        or(isNull(userBonuses.validUntil), gt(userBonuses.validUntil, now)),
      ),
    );
  const open: OpenBonusView[] = usable.map((bonus) => ({
    id: bonus.id,
    kind: bonus.kind,
    title: bonus.title,
    amount: bonus.amountCents.toString(),
    state: 'usable',
    applicability: bonus.applicability,
    validUntil: bonus.validUntil?.toISOString() ?? null,
    progress:
      bonus.minimumInvestmentCents > 0n ? { current: '0', target: bonus.minimumInvestmentCents.toString() } : null,
  }));
  const [me] = await db
    .select({ user: users, partner: partners })
    .from(users)
    .innerJoin(partners, eq(partners.partnerId, users.partnerId))
    .where(eq(users.id, userId));
  if (!me) return open;
  open.push(...(await openCampaignBonuses(db, me.user, now)));
  if (!me.partner.featureFlags.referral) return open;
  const terms = termsOf(me.partner);
  const rewarded = new Set(
    (
      await db
        .select({ id: referralRewards.refereeUserId })
        .from(referralRewards)
        .where(or(eq(referralRewards.refereeUserId, userId), eq(referralRewards.referrerUserId, userId)))
    ).map((row) => row.id),
  );
  if (me.user.referralCode && !rewarded.has(userId)) {
    const [referrer] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.ownReferralCode, normaliseReferralCode(me.user.referralCode)));
    if (referrer && referrer.id !== userId)
      open.push({
        id: `referral:${userId}`,
        kind: 'referral',
        title: 'Bonus für deine erste Investition über eine Empfehlung',
        amount: terms.refereeBonusCents.toString(),
        state: 'earning',
        applicability: null,
        validUntil: null,
        progress: {
          current: (await largestSettledInvestment(db, userId)).toString(),
          target: terms.minimumInvestmentCents.toString(),
        },
      });
  }
  if (me.user.ownReferralCode) {
    const referred = await queryRows<{ id: string; first_name: string | null }>(
      db,
      sql`SELECT id, first_name FROM users WHERE upper(trim(referral_code)) = ${me.user.ownReferralCode} AND id <> ${userId} ORDER BY created_at`,
    );
    for (const person of referred.filter((row) => !rewarded.has(row.id)))
      open.push({
        id: `referral:${person.id}`,
        kind: 'referral',
        title: `Empfehlung: ${person.first_name ?? 'neu registriert'}`,
        amount: terms.referrerBonusCents.toString(),
        state: 'earning',
        applicability: null,
        validUntil: null,
        progress: {
          current: (await largestSettledInvestment(db, person.id)).toString(),
          target: terms.minimumInvestmentCents.toString(),
        },
      });
  }
  return open;
};
