import { bonusCodeParams, reserveNotaryBody } from '@bw/contracts';
import { z } from 'zod';
import { parseAmountInput } from '../../../lib/parse-amount';

/**
 * The primary market's small forms (spec section 2, ADR 0015). Their buttons stay disabled until the
 * input can be sent (as the screens always did), so the schemas only shape what is sent.
 */

/** `GET /api/v1/bonus/bonusCode/{code}`: the code without the spaces around it. */
export const bonusCodeForm = bonusCodeParams.extend({ code: z.string().trim().pipe(bonusCodeParams.shape.code) });

/** A pre-booking's amount as typed ("500" or "1.234,50"), sent as cents. */
export const preorderAmountCents = (text: string): bigint | null => {
  const cents = parseAmountInput(text);
  return cents !== null && cents > 0n ? cents : null;
};
export const preorderForm = z.object({
  amount: z
    .string()
    .transform(preorderAmountCents)
    .refine((cents): cents is bigint => cents !== null),
});

/** `POST /launchpad/api/v1/asset/notary/reserve`: a date from the list and the ID Austria answer. */
export const notaryForm = z.object({
  date: z.string().pipe(reserveNotaryBody.shape.date),
  idAustria: z.enum(['', 'yes', 'no']).refine((answer) => answer !== ''),
});
