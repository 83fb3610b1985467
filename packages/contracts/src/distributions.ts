import { z } from 'zod';

/** The investor's annual tax statements (issue 22): one per year with distributions. */
export const taxStatementList = z.object({
  years: z.array(
    z.object({ year: z.number().int(), gross: z.string(), tax: z.string(), net: z.string(), url: z.string() }),
  ),
});
export type TaxStatementList = z.infer<typeof taxStatementList>;
export const taxStatementParams = z.object({ year: z.coerce.number().int().min(2000).max(2999) });

export const distributionErrors = {
  DISTRIBUTION_PERIOD_INVALID: { status: 400 },
  DISTRIBUTION_RECORD_DATE_INVALID: { status: 400 },
  DISTRIBUTION_NO_INCOME: { status: 409 },
  DISTRIBUTION_NO_SHARES: { status: 409 },
  DISTRIBUTION_PERIOD_NOT_ASSET_FREQUENCY: { status: 400 },
  DISTRIBUTION_FOUR_EYES_REQUIRED: { status: 409 },
  DISTRIBUTION_PROPOSAL_NOT_FOUND: { status: 404 },
  DISTRIBUTION_PROPOSAL_CLOSED: { status: 409 },
  INCOME_PERIOD_NOT_ASSET_FREQUENCY: { status: 400 },
  INCOME_RECEIVED_IN_FUTURE: { status: 400 },
  TAX_STATEMENT_NOT_FOUND: { status: 404 },
} as const;
