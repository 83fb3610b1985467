import {
  agreementSignatures,
  assets,
  type Db,
  identityDocuments,
  identityVerifications,
  ledgerAccounts,
  paymentAccounts,
  payoutAccounts,
  personalInformation,
  primaryPurchases,
  termsAcceptances,
  users,
} from '@bw/db';
import { and, asc, desc, eq, gt, ilike, inArray, or, sql } from 'drizzle-orm';

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);
const SEARCH_LIMIT = 100;
const HISTORY_LIMIT = 200;

/** Investors by name, e-mail or IBAN (their personal IBAN or a payout account's). */
export const searchInvestors = (db: Db, search: string | undefined) => {
  const text = search?.trim();
  const like = text ? `%${escapeLike(text)}%` : null;
  const compactIban = text?.replace(/\s/g, '').toUpperCase();
  return db
    .selectDistinctOn([users.createdAt, users.id], {
      user: users,
      iban: paymentAccounts.iban,
    })
    .from(users)
    .leftJoin(paymentAccounts, eq(paymentAccounts.userId, users.id))
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, users.id))
    .where(
      like
        ? or(
            ilike(users.email, like),
            ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, like),
            eq(paymentAccounts.iban, compactIban ?? ''),
            eq(payoutAccounts.iban, compactIban ?? ''),
          )
        : undefined,
    )
    .orderBy(desc(users.createdAt), users.id)
    .limit(SEARCH_LIMIT);
};

export const investorParts = async (db: Db, userId: string) => {
  const [info, iban, verifications, signatures, terms, holdings, purchases] = await Promise.all([
    db.select().from(personalInformation).where(eq(personalInformation.userId, userId)),
    db.select({ iban: paymentAccounts.iban }).from(paymentAccounts).where(eq(paymentAccounts.userId, userId)),
    db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.userId, userId))
      .orderBy(desc(identityVerifications.createdAt)),
    db
      .select()
      .from(agreementSignatures)
      .where(eq(agreementSignatures.userId, userId))
      .orderBy(desc(agreementSignatures.createdAt)),
    db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, userId)),
    db
      .select({ assetId: ledgerAccounts.assetId, title: assets.title, shares: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .innerJoin(assets, eq(assets.id, ledgerAccounts.assetId))
      .where(
        and(
          eq(ledgerAccounts.userId, userId),
          inArray(ledgerAccounts.kind, ['user_shares']),
          gt(ledgerAccounts.balance, 0n),
        ),
      )
      .orderBy(asc(assets.title)),
    db
      .select({ purchase: primaryPurchases, title: assets.title })
      .from(primaryPurchases)
      .innerJoin(assets, eq(assets.id, primaryPurchases.assetId))
      .where(eq(primaryPurchases.userId, userId))
      .orderBy(desc(primaryPurchases.createdAt))
      .limit(HISTORY_LIMIT),
  ]);
  const documents =
    verifications.length === 0
      ? []
      : await db
          .select()
          .from(identityDocuments)
          .where(
            inArray(
              identityDocuments.verificationId,
              verifications.map((v) => v.id),
            ),
          );
  return {
    info: info[0],
    iban: iban[0]?.iban ?? null,
    verifications,
    documents,
    signatures,
    terms: terms[0],
    holdings,
    purchases,
  };
};
