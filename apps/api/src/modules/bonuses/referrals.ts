import { randomInt } from 'node:crypto';
import {
  type Db,
  identityVerifications,
  partners,
  payoutAccounts,
  personalInformation,
  referralRewards,
  transactions,
  users,
} from '@bw/db';
import {
  decideReferral,
  isReferralCode,
  normaliseReferralCode,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  type ReferralTerms,
} from '@bw/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Outbox } from '../../jobs/outbox.js';
import { post } from '../../ledger/ledger.js';
import { AppError } from '../../lib/app-error.js';
import { pgErrorOf } from '../../lib/pg-error.js';
import { notifyInvestor } from '../notifications/investor-events.js';

type PartnerRow = typeof partners.$inferSelect;

export const termsOf = (partner: PartnerRow): ReferralTerms => ({
  referrerBonusCents: partner.referralReferrerBonusCents,
  refereeBonusCents: partner.referralRefereeBonusCents,
  minimumInvestmentCents: partner.referralMinimumInvestmentCents,
  budgetCents: partner.referralBudgetCents,
  paidCents: partner.referralPaidCents,
});

const newCode = (): string =>
  Array.from(
    { length: REFERRAL_CODE_LENGTH },
    () => REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)],
  ).join('');

const MAX_CODE_TRIES = 5;
const UNIQUE_VIOLATION = '23505';
const INVESTING = new Set(['verified', 'active']);

/**
 * The user's own referral code, made once on first use (a unique index; a collision tries again).
 * Only verified investors refer (spec section 6).
 */
export const ownReferralCode = async (db: Db, userId: string): Promise<{ code: string; partner: PartnerRow }> => {
  const [row] = await db
    .select({ user: users, partner: partners })
    .from(users)
    .innerJoin(partners, eq(partners.partnerId, users.partnerId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHENTICATED');
  if (!INVESTING.has(row.user.status)) throw new AppError('REFERRAL_NOT_VERIFIED');
  if (!row.partner.featureFlags.referral) throw new AppError('REFERRAL_DISABLED');
  if (row.user.ownReferralCode) return { code: row.user.ownReferralCode, partner: row.partner };
  for (let attempt = 0; attempt < MAX_CODE_TRIES; attempt += 1) {
    // Outside any transaction: a code another user holds fails this statement alone (unique index).
    const taken = await db
      .update(users)
      .set({ ownReferralCode: newCode() })
      .where(and(eq(users.id, userId), isNull(users.ownReferralCode)))
      .then(() => false)
      .catch((error: unknown) => {
        if (pgErrorOf(error).code === UNIQUE_VIOLATION) return true;
        throw error;
      });
    if (taken) continue;
    const [mine] = await db.select({ code: users.ownReferralCode }).from(users).where(eq(users.id, userId));
    if (mine?.code) return { code: mine.code, partner: row.partner };
  }
  throw new Error('no free referral code after several tries');
};

export const ibansOf = async (tx: Db, userId: string): Promise<string[]> =>
  (await tx.select({ iban: payoutAccounts.iban }).from(payoutAccounts).where(eq(payoutAccounts.userId, userId))).map(
    (row) => row.iban.replace(/\s/g, '').toUpperCase(),
  );

/** The identity documents a user was verified with ("type|number", normalised); never logged. */
export const documentsOf = async (tx: Db, userId: string): Promise<string[]> =>
  (
    await tx
      .select({ type: identityVerifications.documentType, number: identityVerifications.documentNumber })
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, userId))
  )
    .filter((row) => row.type && row.number)
    .map((row) => `${row.type}|${(row.number ?? '').replace(/\s/g, '').toUpperCase()}`);

export const identityOf = async (tx: Db, userId: string): Promise<string | null> => {
  const [row] = await tx
    .select({ first: users.firstName, last: users.lastName, birthDate: personalInformation.birthDate })
    .from(users)
    .leftJoin(personalInformation, eq(personalInformation.userId, users.id))
    .where(eq(users.id, userId));
  if (!row?.first || !row.last || !row.birthDate) return null;
  return `${row.first.trim()}|${row.last.trim()}|${row.birthDate}`.toLowerCase();
};

export const bonusTransaction = async (tx: Db, userId: string, amountCents: bigint, text: string): Promise<string> => {
  const [row] = await tx
    .insert(transactions)
    .values({ userId, type: 'bonus', status: 'success', method: 'account', amountCents, paymentInformation: text })
    .returning({ id: transactions.id });
  if (!row) throw new Error('bonus transaction not inserted');
  return row.id;
};

/**
 * Called in the transaction that settles an investment (issue 25): when its investor registered with
 * a referral code and this is the first investment of at least the partner's minimum, both sides get
 * their bonus once, as one balanced posting from the operator's bonus book, within the programme's
 * budget (an atomic conditional update of the partner's paid sum, so concurrent qualifications can
 * never pass it); the same person under two accounts is refused and recorded.
 */
export const qualifyReferral = async (
  tx: Db,
  outbox: Outbox,
  input: {
    userId: string;
    transactionId: string;
    investmentCents: bigint;
    /** The buyer's registered referral code when the caller read it already (null: none, nothing to do). */
    referralCode?: string | null;
  },
): Promise<void> => {
  if (input.referralCode === null) return;
  const [referee] = await tx.select().from(users).where(eq(users.id, input.userId));
  if (!referee?.referralCode || !isReferralCode(normaliseReferralCode(referee.referralCode))) return;
  const [done] = await tx
    .select({ id: referralRewards.refereeUserId })
    .from(referralRewards)
    .where(eq(referralRewards.refereeUserId, referee.id));
  if (done) return;
  const [referrer] = await tx
    .select({ id: users.id, partnerId: users.partnerId })
    .from(users)
    .where(eq(users.ownReferralCode, normaliseReferralCode(referee.referralCode)));
  if (!referrer || referrer.partnerId !== referee.partnerId) return;
  const [partner] = await tx.select().from(partners).where(eq(partners.partnerId, referee.partnerId));
  if (!partner) return;
  const decision = decideReferral({
    programmeEnabled: partner.featureFlags.referral,
    referrerId: referrer.id,
    refereeId: referee.id,
    investmentCents: input.investmentCents,
    referrerIbans: await ibansOf(tx, referrer.id),
    refereeIbans: await ibansOf(tx, referee.id),
    referrerIdentity: await identityOf(tx, referrer.id),
    refereeIdentity: await identityOf(tx, referee.id),
    referrerDocuments: await documentsOf(tx, referrer.id),
    refereeDocuments: await documentsOf(tx, referee.id),
    terms: termsOf(partner),
  });
  if (decision.kind === 'notYet') return;
  const record = (status: 'paid' | 'refused', refusalReason: string | null) =>
    tx
      .insert(referralRewards)
      .values({
        refereeUserId: referee.id,
        referrerUserId: referrer.id,
        transactionId: input.transactionId,
        status,
        refusalReason,
        referrerBonusCents: status === 'paid' ? partner.referralReferrerBonusCents : 0n,
        refereeBonusCents: status === 'paid' ? partner.referralRefereeBonusCents : 0n,
      })
      .onConflictDoNothing()
      .returning({ id: referralRewards.refereeUserId });
  if (decision.kind === 'refuse') {
    await record('refused', decision.reason);
    return;
  }
  const total = decision.referrerBonusCents + decision.refereeBonusCents;
  // The budget is taken in one statement: under concurrent qualifications only those it covers pass.
  const [budget] = await tx
    .update(partners)
    .set({ referralPaidCents: sql`${partners.referralPaidCents} + ${total}` })
    .where(
      and(
        eq(partners.partnerId, partner.partnerId),
        sql`(${partners.referralBudgetCents} IS NULL OR ${partners.referralPaidCents} + ${total} <= ${partners.referralBudgetCents})`,
      ),
    )
    .returning({ paid: partners.referralPaidCents });
  if (!budget) {
    await record('refused', 'budgetSpent');
    return;
  }
  const [recorded] = await record('paid', null);
  if (!recorded) throw new Error('referral reward recorded twice');
  // One transaction and one balanced posting per side, so each investor's list shows its bonus.
  const sides = [
    { userId: referrer.id, cents: decision.referrerBonusCents, text: 'Empfehlungsbonus', side: 'referrer' as const },
    {
      userId: referee.id,
      cents: decision.refereeBonusCents,
      text: 'Bonus für deine Anmeldung über eine Empfehlung',
      side: 'referee' as const,
    },
  ];
  for (const side of sides) {
    if (side.cents === 0n) continue;
    const transactionId = await bonusTransaction(tx, side.userId, side.cents, side.text);
    await post(tx, {
      key: `referral:${referee.id}:${side.side}`,
      kind: 'referral-bonus',
      transactionId,
      legs: [
        { account: { kind: 'bonuses' }, amount: -side.cents },
        { account: { kind: 'user_cash', userId: side.userId }, amount: side.cents },
      ],
    });
    await notifyInvestor(tx, outbox, {
      kind: 'bonus.credited',
      userId: side.userId,
      transactionId,
      amountCents: side.cents,
      source: side.side,
    });
  }
};
