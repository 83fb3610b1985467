import { createOfferBody, OFFER_MAX_SHARES, offerIdBody } from '@bw/contracts';
import { offerVisibilities } from '@bw/domain';
import { z } from 'zod';
import { msg } from '../../../components/form/msg';
import { parseAmountInput } from '../../../lib/parse-amount';

/** The offer-ID overlay (spec section 2): an offer's ID, as `GET /api/v1/bulletinboard/offer/{id}` takes it. */
export const offerIdForm = offerIdBody.extend({
  offerId: z
    .string()
    .trim()
    .pipe(z.uuid(msg('bulletinBoard.offerIdInvalid'))),
});

/**
 * Create a buy or sell offer (spec sections 2, 3 and 5): shares and the price per share as typed
 * ("104,50"), sent as the contract's cents. What the live draft checks (`draftProblem`: shares and
 * money available) keeps the button disabled; the schema checks what is sent.
 */
export const createOfferForm = createOfferBody.pick({ sharesAmount: true, visibility: true }).extend({
  sharesAmount: z
    .number()
    .int()
    .min(1, msg('bulletinBoard.problemShares'))
    .max(OFFER_MAX_SHARES, msg('bulletinBoard.problemSharesAvailable')),
  visibility: z.enum(offerVisibilities),
  price: z.string().transform((text, context) => {
    const cents = parseAmountInput(text);
    if (cents === null || cents <= 0n) context.addIssue({ code: 'custom', message: msg('bulletinBoard.problemPrice') });
    return cents ?? 0n;
  }),
});
