import { ApiError } from '../../lib/api-client';

/**
 * Where a server answer's message goes (spec section 8): to the field it is about, else above the
 * form. The text is the catalogue message the server sent; an answer without one gets `fallback`.
 */
export type PlacedErrors = {
  readonly fields: Readonly<Record<string, string>>;
  readonly form: string | null;
};

/** Error codes that belong to one field of the form (`PASSWORD_INCORRECT` → `passwordOld`). */
export type CodeFields = Readonly<Partial<Record<string, string>>>;

export type PlaceOptions = {
  /** The form's fields: a validation answer's `body.<name>` message goes to the field of that name. */
  readonly fieldNames: readonly string[];
  readonly codeFields?: CodeFields | undefined;
  /** A one-field form: every refusal shows at this field rather than above the form. */
  readonly errorField?: string | undefined;
  /**
   * Body fields the form shows under another name: `{ amountCents: 'amount' }` puts the message of
   * `body.amountCents` at the field `amount` (a euro input the submit turns into cents).
   */
  readonly aliases?: Readonly<Record<string, string>> | undefined;
  /** The text when the server sent none of its own (no answer, 5xx, not our envelope). */
  readonly fallback: string;
};

/** Our own envelope with a message meant for the user: a 4xx `{ error: { code, message, fields? } }`. */
const isUserFacing = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status < 500 && error.code !== 'UNKNOWN';

/** The server's message for the user, or `fallback` when the call failed in another way. */
export const serverMessage = (error: unknown, fallback: string): string =>
  isUserFacing(error) && error.message ? error.message : fallback;

/**
 * Places a failed call's messages: the validation answer's per-field messages (`fields['body.email']`,
 * apps/api/src/plugins/errors.ts) at their fields, a code that belongs to a field (`codeFields`) at
 * that field, anything else above the form.
 */
export const placeServerErrors = (
  error: unknown,
  { fieldNames, codeFields = {}, errorField, aliases = {}, fallback }: PlaceOptions,
): PlacedErrors => {
  if (!isUserFacing(error))
    return errorField ? { fields: { [errorField]: fallback }, form: null } : { fields: {}, form: fallback };
  const fields: Record<string, string> = {};
  for (const name of fieldNames) {
    const message = error.fields[`body.${name}`];
    if (message) fields[name] = message;
  }
  for (const [bodyName, name] of Object.entries(aliases)) {
    const message = error.fields[`body.${bodyName}`];
    if (message && !fields[name]) fields[name] = message;
  }
  const field = codeFields[error.code];
  if (field && !fields[field]) fields[field] = error.message || fallback;
  if (Object.keys(fields).length > 0) return { fields, form: null };
  const message = error.message || fallback;
  return errorField ? { fields: { [errorField]: message }, form: null } : { fields, form: message };
};
