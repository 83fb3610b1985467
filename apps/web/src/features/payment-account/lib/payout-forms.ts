import { moneyOutBody } from '@bw/contracts';
import { z } from 'zod';
import { msg } from '../../../components/form/msg';
import { parseAmountInput } from '../../../lib/parse-amount';

/**
 * The pay-out forms (spec sections 2 and 5, ADR 0015). The amount is read as integer cents
 * ("12,50" → 1250n); the rules on it (minimum, money available, a payout account) are the domain's
 * `checkPayout`, the same the server applies, run when the form is sent.
 */
export const payoutAmountForm = z.object({
  payoutAccount: z.string(),
  amount: z.string().transform((text, context) => {
    const cents = parseAmountInput(text);
    if (cents === null) context.addIssue({ code: 'custom', message: msg('account.errorAmountInvalid') });
    return cents ?? 0n;
  }),
});

/** `POST /api/v1/payment/moneyout`: the code from the SMS. */
export const payoutCodeForm = moneyOutBody.pick({ smsCode: true }).extend({
  smsCode: z.string().trim().min(1, msg('account.errorCodeRequired')),
});
