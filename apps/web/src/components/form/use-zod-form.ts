import type { TranslationKey } from '@bw/i18n';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ErrorOption,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { translate } from '../../lib/i18n';
import { type CodeFields, type PlacedErrors, placeServerErrors } from './server-errors';

/** A form's schema: what the fields hold (input) and what the submit handler gets (output). */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** The form of a schema: field values as typed, submitted values as the schema parsed them. */
export type ZodForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * What the error helpers need of a form, whatever its values. Method syntax on purpose: a form's
 * `setError` takes its own field names, and the server's names arrive as strings.
 */
export type ErrorTarget = {
  setError(name: string, error: ErrorOption, options?: { shouldFocus: boolean }): void;
  getValues(): unknown;
};

const isFieldError = (value: object): value is { message?: unknown; type: unknown } =>
  'type' in value && typeof value.type === 'string';

/** The resolver's errors with every message turned into the session's text (ADR 0013 translator). */
const translateErrors = (errors: object): FieldErrors => {
  const translated: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(errors)) {
    if (typeof value !== 'object' || value === null) translated[name] = value;
    else if (isFieldError(value) && typeof value.message === 'string') {
      translated[name] = { ...value, message: translate(value.message as TranslationKey) };
    } else translated[name] = translateErrors(value);
  }
  return translated as FieldErrors;
};

/** The zod resolver of @hookform/resolvers, with the schema's catalogue keys translated. */
export const zodFormResolver = <S extends FormSchema>(schema: S): Resolver<z.input<S>, unknown, z.output<S>> => {
  const resolve = zodResolver(schema) as Resolver<z.input<S>, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    return { ...result, errors: translateErrors(result.errors) } as Awaited<ReturnType<typeof resolve>>;
  };
};

export type ZodFormOptions<S extends FormSchema> = Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>;

/**
 * A react-hook-form form checked by a zod schema (ADR 0015). Messages appear when the form is sent and
 * stay until it is sent again, as every form of the app did before; the first invalid field gets focus.
 */
export const useZodForm = <S extends FormSchema>(schema: S, options: ZodFormOptions<S> = {}): ZodForm<S> =>
  useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
    ...options,
    resolver: zodFormResolver(schema),
  });

/** The form-level message's place in the form's errors (react-hook-form clears `root` on every submit). */
export const FORM_ERROR = 'root.server';

/** Shows messages at their fields (focusing the first) and above the form. */
export const showErrors = (
  form: ErrorTarget,
  { fields = {}, form: formMessage = null }: Partial<PlacedErrors>,
): void => {
  let first = true;
  for (const [name, message] of Object.entries(fields)) {
    form.setError(name, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  if (formMessage) form.setError(FORM_ERROR, { type: 'server', message: formMessage });
};

export type ServerErrorOptions = {
  /** The text when the server sent none of its own. */
  readonly fallback: string;
  /** Error codes that belong to one field. */
  readonly codeFields?: CodeFields;
  /** A one-field form: every refusal shows at this field rather than above the form. */
  readonly errorField?: string;
  /** Names the server may send messages for beside the form's own values (a date typed in three parts). */
  readonly fields?: readonly string[];
  /** Body fields the form shows under another name (`{ amountCents: 'amount' }`). */
  readonly aliases?: Readonly<Record<string, string>>;
};

/** Places a failed call's messages (the API's `{ error: { code, message, fields? } }`) on the form. */
export const applyServerErrors = (form: ErrorTarget, error: unknown, options: ServerErrorOptions): void =>
  showErrors(
    form,
    placeServerErrors(error, {
      fieldNames: [...Object.keys(form.getValues() as object), ...(options.fields ?? [])],
      codeFields: options.codeFields,
      errorField: options.errorField,
      aliases: options.aliases,
      fallback: options.fallback,
    }),
  );
