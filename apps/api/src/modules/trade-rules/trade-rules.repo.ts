import {
  assets,
  type Db,
  knowledgeAndExperience,
  personalInformation,
  preparedSelect,
  users,
  userTaxIds,
} from '@bw/db';
import { eq, sql } from 'drizzle-orm';

/** The countries the user has a tax ID for (ISO alpha-2), as one column of a select from `users`. */
export const taxIdCountriesOfUser = sql<
  string[]
>`coalesce((select array_agg(${userTaxIds.country}) from ${userTaxIds} where ${userTaxIds.userId} = ${users.id}), '{}')`;

/**
 * What the trade rules read about the person and the asset (ADR 0040), in one statement: the
 * user's status, residence, birth date and church-tax answer, the countries of the tax IDs, the
 * knowledge-and-experience row and the asset's tax facts. Reads only.
 */
const tradeSubject = preparedSelect((db) =>
  db
    .select({
      user: { status: users.status },
      info: {
        domicile: personalInformation.domicile,
        birthDate: personalInformation.birthDate,
        hasChurchTax: personalInformation.hasChurchTax,
      },
      taxIdCountries: taxIdCountriesOfUser,
      kae: knowledgeAndExperience,
      asset: {
        securityType: assets.securityType,
        countryCode: assets.countryCode,
        spvCountryCode: assets.spvCountryCode,
      },
    })
    .from(users)
    .leftJoin(personalInformation, eq(personalInformation.userId, users.id))
    .leftJoin(knowledgeAndExperience, eq(knowledgeAndExperience.userId, users.id))
    .leftJoin(assets, eq(assets.id, sql.placeholder('assetId')))
    .where(eq(users.id, sql.placeholder('userId'))),
);

export type TradeSubject = NonNullable<Awaited<ReturnType<typeof tradeSubject>>[number]>;

/** The person and the asset of one trade; undefined when the user does not exist. */
export const loadTradeSubject = async (db: Db, userId: string, assetId: string): Promise<TradeSubject | undefined> =>
  (await tradeSubject(db, { userId, assetId }))[0];
