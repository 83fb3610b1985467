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
  DISTRIBUTION_PERIOD_INVALID: { status: 400, message: 'Diesen Ausschüttungszeitraum gibt es nicht.' },
  DISTRIBUTION_RECORD_DATE_INVALID: {
    status: 400,
    message: 'Der Stichtag muss im Zeitraum liegen und darf nicht in der Zukunft sein.',
  },
  DISTRIBUTION_NO_INCOME: { status: 409, message: 'Für diesen Zeitraum ist keine Einnahme erfasst.' },
  DISTRIBUTION_NO_SHARES: { status: 409, message: 'Zum Stichtag hält niemand Anteile an diesem Objekt.' },
  DISTRIBUTION_PERIOD_NOT_ASSET_FREQUENCY: {
    status: 400,
    message: 'Der Zeitraum passt nicht zum Ausschüttungsrhythmus des Objekts.',
  },
  DISTRIBUTION_FOUR_EYES_REQUIRED: {
    status: 409,
    message: 'Eine zweite Person muss die Ausschüttung freigeben.',
  },
  DISTRIBUTION_PROPOSAL_NOT_FOUND: { status: 404, message: 'Diesen Ausschüttungsvorschlag gibt es nicht.' },
  DISTRIBUTION_PROPOSAL_CLOSED: {
    status: 409,
    message: 'Dieser Ausschüttungsvorschlag ist bereits entschieden oder noch nicht zur Freigabe vorgelegt.',
  },
  INCOME_PERIOD_NOT_ASSET_FREQUENCY: {
    status: 400,
    message: 'Der Zeitraum der Einnahme muss in einem Ausschüttungszeitraum des Objekts liegen.',
  },
  INCOME_RECEIVED_IN_FUTURE: { status: 400, message: 'Das Eingangsdatum darf nicht in der Zukunft liegen.' },
  TAX_STATEMENT_NOT_FOUND: { status: 404, message: 'Für dieses Jahr gibt es keine Ausschüttungen.' },
} as const;
