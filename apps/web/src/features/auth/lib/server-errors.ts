import { ApiError } from '../../../lib/api-client';

/**
 * Where a server answer's message goes (spec section 8): to the field it is about, else above the
 * form. The text is the catalogue message the server sent; an answer without one gets `fallback`.
 */
export type ServerErrors<F extends string> = {
  readonly fields: Partial<Record<F, string>>;
  readonly form: string | null;
};

/** Error codes that belong to one field of the form. */
export type CodeFields<F extends string> = Readonly<Partial<Record<string, F>>>;

export const serverErrors = <F extends string>(
  error: unknown,
  codeFields: CodeFields<F>,
  fieldNames: readonly F[],
  fallback: string,
): ServerErrors<F> => {
  if (!(error instanceof ApiError) || error.status >= 500 || error.code === 'UNKNOWN') {
    return { fields: {}, form: fallback };
  }
  const fields: Partial<Record<F, string>> = {};
  for (const name of fieldNames) {
    const message = error.fields[`body.${name}`];
    if (message) fields[name] = message;
  }
  const field = codeFields[error.code];
  if (field && !fields[field]) fields[field] = error.message;
  const placed = Object.keys(fields).length > 0;
  return { fields, form: placed ? null : error.message || fallback };
};
