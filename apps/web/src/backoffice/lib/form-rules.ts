import { totpCode } from '@bw/contracts';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { FORM_ERROR } from '../../components/form';
import { centsFromEuroInput } from './format';

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

/** A euro amount as typed ("25", "1.234,50"); `optional` lets it be empty, `positive` wants more than 0. */
export const euros = (
  message: string,
  { optional = false, positive = false }: { readonly optional?: boolean; readonly positive?: boolean } = {},
) =>
  z.string().refine((value) => {
    if (optional && value.trim() === '') return true;
    const cents = centsFromEuroInput(value);
    return cents !== null && (!positive || BigInt(cents) > 0n);
  }, message);

/** A whole number as typed, or empty. */
export const optionalCount = (message: string) => z.string().regex(/^\s*\d*\s*$/, message);

/** Which form field shows the messages of a body field it does not name alike (`{ amountCents: 'amount' }`). */
export type Aliases = Readonly<Record<string, string>>;

/** The form field a body path's message belongs to: the alias of the path or of its nearest parent, else the path. */
const fieldPath = (path: readonly string[], aliases: Aliases): string[] => {
  for (let end = path.length; end > 0; end -= 1) {
    const alias = aliases[path.slice(0, end).join('.')];
    if (alias) return alias.split('.');
  }
  return [...path];
};

/** The body as `toBody` builds it, or null when the fields are too far off to build one. */
const built = <F, B>(toBody: (form: F) => B, form: F): B | null => {
  try {
    return toBody(form);
  } catch {
    return null;
  }
};

/**
 * A form whose fields become a request body: `fields` checks what is typed, `toBody` builds the body
 * and the contract's `body` schema checks it with the server's own rules and messages, each placed at
 * the form field it is about (`aliases`, the same map the form's `serverErrors` take). Both run on
 * every submit, so every field shows its message at once; a field's own message comes first. The
 * submit handler gets the checked body.
 */
export const asBody = <F extends z.ZodType<FieldValues, FieldValues>, B extends z.ZodType>(
  fields: F,
  toBody: (form: z.output<F>) => z.input<B>,
  body: B,
  aliases: Aliases = {},
) =>
  fields
    .superRefine(
      (form, ctx) => {
        const draft = built(toBody, form);
        const result = draft === null ? null : body.safeParse(draft);
        if (!result || result.success) return;
        const shown = new Set(ctx.issues.map((issue) => (issue.path ?? []).map(String).join('.')));
        for (const issue of result.error.issues) {
          const path = issue.path.length ? fieldPath(issue.path.map(String), aliases) : FORM_ERROR.split('.');
          if (shown.has(path.join('.'))) continue;
          shown.add(path.join('.'));
          ctx.addIssue({ code: 'custom', message: issue.message, path });
        }
      },
      // Also when a field's own check failed: the others still get their messages.
      { when: () => true },
    )
    .transform((form): z.output<B> => body.parse(toBody(form)));
