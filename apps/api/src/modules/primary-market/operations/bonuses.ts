import type { UserBonusView } from '@bw/contracts';
import { bonusCodes, type Db, userBonuses } from '@bw/db';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';
import { findPartnerByPartnerId } from '../../partners/partners.repo.js';
import { findUser } from '../../payments/payments.repo.js';

type Market = 'primaryMarket' | 'secondaryMarket';
type BonusRow = typeof userBonuses.$inferSelect;
type CodeRow = typeof bonusCodes.$inferSelect;

const applicableTo = (market: Market) => [market, 'primaryAndSecondary'] as const;

const toView = (row: BonusRow): UserBonusView => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  amount: row.amountCents.toString(),
  applicability: row.applicability,
  minimumInvestment: row.minimumInvestmentCents.toString(),
  validUntil: row.validUntil?.toISOString() ?? null,
});

const openBonusesOf = (userId: string, market: Market, now: Date) =>
  and(
    eq(userBonuses.userId, userId),
    isNull(userBonuses.usedByTransactionId),
    inArray(userBonuses.applicability, [...applicableTo(market)]),
    or(isNull(userBonuses.validUntil), gt(userBonuses.validUntil, now)),
  );

/** `GET /api/v1/bonus/bonusForInvestment`: the biggest open bonus the user could use on this market. */
export const bonusForInvestment = async (db: Db, userId: string, market: Market): Promise<UserBonusView | null> => {
  const [row] = await db
    .select()
    .from(userBonuses)
    .where(openBonusesOf(userId, market, new Date()))
    .orderBy(desc(userBonuses.amountCents), userBonuses.createdAt)
    .limit(1);
  return row ? toView(row) : null;
};

/**
 * Locks the biggest open bonus usable on an investment of `investmentCents`; `bindTo` marks it as
 * held by the purchase (released again if the purchase lapses, spent when it settles).
 */
export const claimBestBonus = async (
  tx: Db,
  input: { userId: string; market: Market; investmentCents: bigint },
): Promise<{ id: string; amountCents: bigint; bindTo: (transactionId: string) => Promise<void> } | null> => {
  const [row] = await tx
    .select()
    .from(userBonuses)
    .where(
      and(
        openBonusesOf(input.userId, input.market, new Date()),
        lte(userBonuses.minimumInvestmentCents, input.investmentCents),
      ),
    )
    .orderBy(desc(userBonuses.amountCents), userBonuses.createdAt)
    .limit(1)
    .for('update');
  if (!row) return null;
  return {
    id: row.id,
    amountCents: row.amountCents,
    bindTo: async (transactionId) => {
      await tx.update(userBonuses).set({ usedByTransactionId: transactionId }).where(eq(userBonuses.id, row.id));
    },
  };
};

export const releaseBonus = async (tx: Db, bonusId: string): Promise<void> => {
  await tx
    .update(userBonuses)
    .set({ usedByTransactionId: null })
    .where(and(eq(userBonuses.id, bonusId), isNull(userBonuses.usedAt)));
};

export const spendBonus = async (tx: Db, bonusId: string, now: Date): Promise<void> => {
  await tx.update(userBonuses).set({ usedAt: now }).where(eq(userBonuses.id, bonusId));
};

const assertBonusCodesEnabled = async (db: Db, userId: string): Promise<string> => {
  const user = await findUser(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const partner = await findPartnerByPartnerId(db, user.partnerId);
  if (!partner?.featureFlags.bonusCodes) throw new AppError('BONUS_CODES_DISABLED');
  return user.partnerId;
};

const usableCode = (row: CodeRow | undefined, partnerId: string, now: Date): CodeRow => {
  if (!row || (row.partnerId !== null && row.partnerId !== partnerId)) throw new AppError('BONUS_CODE_NOT_FOUND');
  if (row.disabledAt || (row.validUntil && row.validUntil <= now)) throw new AppError('BONUS_CODE_EXPIRED');
  if (row.maxRedemptions !== null && row.redemptions >= row.maxRedemptions) throw new AppError('BONUS_CODE_USED_UP');
  // A campaign budget caps the redeemed sum: one more redemption may not pass it.
  if (row.budgetCents !== null && BigInt(row.redemptions + 1) * row.amountCents > row.budgetCents)
    throw new AppError('BONUS_CODE_USED_UP');
  return row;
};

/** Codes are typed by people: case and surrounding blanks do not matter. */
const normaliseCode = (code: string): string => code.trim().toUpperCase();

/** `GET /api/v1/bonus/bonusCode/{code}`: what the code is worth, or why it cannot be used. */
export const getBonusCode = async (db: Db, userId: string, code: string) => {
  const partnerId = await assertBonusCodesEnabled(db, userId);
  const [row] = await db
    .select()
    .from(bonusCodes)
    .where(eq(bonusCodes.code, normaliseCode(code)));
  const usable = usableCode(row, partnerId, new Date());
  return {
    code: usable.code,
    title: usable.title,
    amount: usable.amountCents.toString(),
    applicability: usable.applicability,
    minimumInvestment: usable.minimumInvestmentCents.toString(),
    validUntil: usable.validUntil?.toISOString() ?? null,
  };
};

/** `POST /api/v1/bonus/bonusCode/use/{code}`: redeems the code into one open bonus of the user, once. */
export const useBonusCode = (db: Db, userId: string, code: string): Promise<UserBonusView> =>
  db.transaction(async (tx) => {
    const partnerId = await assertBonusCodesEnabled(tx, userId);
    const [row] = await tx
      .select()
      .from(bonusCodes)
      .where(eq(bonusCodes.code, normaliseCode(code)))
      .for('update');
    const usable = usableCode(row, partnerId, new Date());
    const [created] = await tx
      .insert(userBonuses)
      .values({
        userId,
        kind: 'bonusCode',
        code: usable.code,
        title: usable.title,
        amountCents: usable.amountCents,
        applicability: usable.applicability,
        minimumInvestmentCents: usable.minimumInvestmentCents,
        validUntil: usable.validUntil,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('BONUS_CODE_ALREADY_REDEEMED');
    await tx
      .update(bonusCodes)
      .set({ redemptions: sql`${bonusCodes.redemptions} + 1` })
      .where(eq(bonusCodes.code, usable.code));
    return toView(created);
  });
