import type { BonusCodeRow, BonusRedemptionRow, CreateBonusCodeBody } from '@bw/contracts';
import { bonusCodes, type Db, partners, queryRows, userBonuses, users } from '@bw/db';
import { desc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, writeAudit } from '../../../platform/audit.js';

type CodeRow = typeof bonusCodes.$inferSelect;

const stateOf = (row: CodeRow, now: Date): BonusCodeRow['state'] => {
  if (row.disabledAt) return 'disabled';
  if (row.validUntil && row.validUntil <= now) return 'expired';
  if (row.maxRedemptions !== null && row.redemptions >= row.maxRedemptions) return 'usedUp';
  if (row.budgetCents !== null && BigInt(row.redemptions + 1) * row.amountCents > row.budgetCents) return 'usedUp';
  return 'active';
};

const toRow = (row: CodeRow, spent: number, now: Date): BonusCodeRow => ({
  code: row.code,
  partnerId: row.partnerId,
  title: row.title,
  amountCents: row.amountCents.toString(),
  applicability: row.applicability,
  minimumInvestmentCents: row.minimumInvestmentCents.toString(),
  validUntil: row.validUntil?.toISOString() ?? null,
  maxRedemptions: row.maxRedemptions,
  budgetCents: row.budgetCents?.toString() ?? null,
  redemptions: row.redemptions,
  redeemedCents: (BigInt(row.redemptions) * row.amountCents).toString(),
  spent,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  state: stateOf(row, now),
  createdAt: row.createdAt.toISOString(),
});

const spentCounts = async (db: Db): Promise<Map<string, number>> => {
  const rows = await queryRows<{ code: string; spent: number }>(
    db,
    sql`SELECT code, count(*)::int AS spent FROM user_bonuses WHERE code IS NOT NULL AND used_at IS NOT NULL GROUP BY code`,
  );
  return new Map(rows.map((row) => [row.code, row.spent]));
};

/** Every bonus code with its use so far, newest first. */
export const listBonusCodes = async (db: Db, now: Date): Promise<BonusCodeRow[]> => {
  const [rows, spent] = await Promise.all([
    db.select().from(bonusCodes).orderBy(desc(bonusCodes.createdAt)),
    spentCounts(db),
  ]);
  return rows.map((row) => toRow(row, spent.get(row.code) ?? 0, now));
};

const findCode = async (db: Db, code: string): Promise<CodeRow> => {
  const [row] = await db.select().from(bonusCodes).where(eq(bonusCodes.code, code.trim().toUpperCase()));
  if (!row) throw new AppError('BONUS_CODE_NOT_FOUND');
  return row;
};

/** A new code or campaign: amount, limits, validity and budget; the code is unique (409 when taken). */
export const createBonusCode = async (
  db: Db,
  actor: Actor,
  input: CreateBonusCodeBody & { code: string },
  now: Date,
): Promise<BonusCodeRow> => {
  const validUntil = input.validUntil ? new Date(input.validUntil) : null;
  if (validUntil && validUntil <= now)
    throw new AppError('VALIDATION_FAILED', { validUntil: 'Das Datum liegt in der Vergangenheit.' });
  const amountCents = BigInt(input.amountCents);
  const budgetCents = input.budgetCents ? BigInt(input.budgetCents) : null;
  if (budgetCents !== null && budgetCents < amountCents)
    throw new AppError('VALIDATION_FAILED', { budgetCents: 'Das Budget muss mindestens einen Bonus decken.' });
  return db.transaction(async (tx) => {
    if (input.partnerId) {
      const [partner] = await tx.select().from(partners).where(eq(partners.partnerId, input.partnerId));
      if (!partner) throw new AppError('VALIDATION_FAILED', { partnerId: 'Diesen Partner gibt es nicht.' });
    }
    const [created] = await tx
      .insert(bonusCodes)
      .values({
        code: input.code,
        partnerId: input.partnerId,
        title: input.title,
        amountCents,
        applicability: input.applicability,
        minimumInvestmentCents: BigInt(input.minimumInvestmentCents),
        validUntil,
        maxRedemptions: input.maxRedemptions,
        budgetCents,
      })
      // The code is the key: a taken one (also in a race) inserts nothing and answers 409.
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('BONUS_CODE_TAKEN');
    await writeAudit(tx, actor, {
      action: 'bonusCode.create',
      targetType: 'bonusCode',
      targetId: created.code,
      after: created,
    });
    return toRow(created, 0, now);
  });
};

/** Ends a code early: no further redemptions; bonuses already redeemed stay the investors'. */
export const disableBonusCode = (db: Db, actor: Actor, code: string, now: Date): Promise<BonusCodeRow> =>
  db.transaction(async (tx) => {
    const before = await findCode(tx, code);
    if (before.disabledAt) return toRow(before, (await spentCounts(tx)).get(before.code) ?? 0, now);
    const [after] = await tx
      .update(bonusCodes)
      .set({ disabledAt: now })
      .where(eq(bonusCodes.code, before.code))
      .returning();
    if (!after) throw new AppError('BONUS_CODE_NOT_FOUND');
    await writeAudit(tx, actor, {
      action: 'bonusCode.disable',
      targetType: 'bonusCode',
      targetId: before.code,
      before,
      after,
    });
    return toRow(after, (await spentCounts(tx)).get(after.code) ?? 0, now);
  });

/** Who redeemed a code, when, and whether the bonus was spent on a purchase. */
export const listRedemptions = async (db: Db, code: string): Promise<BonusRedemptionRow[]> => {
  const row = await findCode(db, code);
  const rows = await db
    .select({ bonus: userBonuses, email: users.email })
    .from(userBonuses)
    .innerJoin(users, eq(users.id, userBonuses.userId))
    .where(eq(userBonuses.code, row.code))
    .orderBy(desc(userBonuses.createdAt));
  return rows.map(({ bonus, email }) => ({
    bonusId: bonus.id,
    userId: bonus.userId,
    email,
    redeemedAt: bonus.createdAt.toISOString(),
    usedAt: bonus.usedAt?.toISOString() ?? null,
    usedByTransactionId: bonus.usedByTransactionId,
  }));
};
