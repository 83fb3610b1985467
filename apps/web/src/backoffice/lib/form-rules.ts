import { totpCode } from '@bw/contracts';
import { z } from 'zod';

/**
 * Pieces of the back office's form schemas (ADR 0015): the contracts' rules for what the fields hold
 * before the submit turns it into the request body. Messages are German and inline (the back office
 * has no catalogue); the kit's translator gives an unknown key back as it is.
 */

/** Something must be typed; then `rule` (a contract's field) checks it. */
export const required = <T extends z.ZodType<unknown, string>>(message: string, rule: T) =>
  z.string().trim().min(1, message).pipe(rule);

/** The authenticator's code as typed ("123 456"), sent without the spaces. */
export const totpInput = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(totpCode);
