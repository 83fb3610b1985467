import { z } from 'zod';

/** Generous upper bound; the phone rule in @bw/domain decides what is plausible. */
const PHONE_INPUT_MAX_LENGTH = 32;

/** `PUT /api/v2/user/phone` (spec section 7, PhoneNumber step): any notation, stored as E.164. */
export const updatePhoneBody = z.strictObject({
  phone: z.string().max(PHONE_INPUT_MAX_LENGTH),
});
export type UpdatePhoneBody = z.infer<typeof updatePhoneBody>;
