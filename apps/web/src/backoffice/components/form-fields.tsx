import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId } from 'react';
import { type FieldValues, useController } from 'react-hook-form';
import {
  FORM_ERROR,
  Form,
  type FormProps,
  type ServerErrorOptions,
  useFieldError,
  useFormPending,
} from '../../components/form';
import {
  AlertBox,
  Button,
  FALLBACK_MESSAGE,
  type FieldShell,
  fieldDescription,
  inputClass,
  Options,
  type SelectOption,
  Shell,
} from './ui';

/**
 * The back office's fields on the form kit (ADR 0015): the look of `ui.tsx` (same classes, labels,
 * hints), registered with the surrounding `useZodForm` form, each with its own message under it
 * (`aria-invalid`, `aria-describedby`, `data-testid="error-<name>"`) and the form's message above
 * the submit button.
 */

type Named = { readonly name: string };
type Omitted = 'id' | 'name' | 'value' | 'defaultValue' | 'onChange';

type ValueProps = {
  /** Rewrites what is typed before the form keeps it (only digits). */
  readonly normalize?: (value: string) => string;
  /** Called with the kept value after every change. */
  readonly onValueChange?: (value: string) => void;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

/** One text-valued field of the surrounding form: its message and the props of its control. */
const useBoField = (name: string, hint: string | undefined, { normalize, onValueChange }: ValueProps = {}) => {
  const { field, fieldState } = useController({ name });
  const id = useId();
  const error = fieldState.error?.message;
  return {
    id,
    error,
    control: {
      id,
      name,
      ref: field.ref,
      value: text(field.value),
      onBlur: field.onBlur,
      onChange: (event: { target: { value: string } }) => {
        const value = normalize ? normalize(event.target.value) : event.target.value;
        field.onChange(value);
        onValueChange?.(value);
      },
      ...fieldDescription(id, { error, hint }),
    },
  };
};

export const FormTextField = ({
  name,
  label,
  hint,
  className,
  normalize,
  onValueChange,
  ...input
}: Named & Omit<FieldShell, 'error'> & Omit<InputHTMLAttributes<HTMLInputElement>, Omitted> & ValueProps) => {
  const { id, error, control } = useBoField(name, hint, { normalize, onValueChange });
  return (
    <Shell id={id} name={name} label={label} hint={hint} error={error} className={className}>
      <input {...control} className={inputClass} {...input} />
    </Shell>
  );
};

export const FormTextArea = ({
  name,
  label,
  hint,
  className,
  ...textarea
}: Named & Omit<FieldShell, 'error'> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Omitted>) => {
  const { id, error, control } = useBoField(name, hint);
  return (
    <Shell id={id} name={name} label={label} hint={hint} error={error} className={className}>
      <textarea {...control} className={`${inputClass} min-h-20`} {...textarea} />
    </Shell>
  );
};

export const FormSelectField = ({
  name,
  label,
  hint,
  className,
  options,
  onValueChange,
  ...select
}: Named &
  Omit<FieldShell, 'error'> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, Omitted> & {
    readonly options: readonly SelectOption[];
    readonly onValueChange?: (value: string) => void;
  }) => {
  const { id, error, control } = useBoField(name, hint, { onValueChange });
  return (
    <Shell id={id} name={name} label={label} hint={hint} error={error} className={className}>
      <select {...control} className={inputClass} {...select}>
        <Options options={options} />
      </select>
    </Shell>
  );
};

/**
 * A bare input of a small form in a table row (no visible label: give it `aria-label`), its message
 * below it.
 */
export const FormInlineInput = ({
  name,
  className,
  ...input
}: Named & Omit<InputHTMLAttributes<HTMLInputElement>, Omitted>) => {
  const { id, error, control } = useBoField(name, undefined);
  return (
    <span className="flex flex-col gap-0.5">
      <input {...control} className={className} {...input} />
      {error ? (
        <span id={`${id}-error`} className="text-xs text-bad" data-testid={`error-${name}`}>
          {error}
        </span>
      ) : null}
    </span>
  );
};

/** The form's message about no field (the server's refusal, `root.server`), in the back office's alert box. */
export const FormNotice = ({ className }: { readonly className?: string }) => (
  <AlertBox message={useFieldError(FORM_ERROR).message} className={className} />
);

/** The submit button, busy while the form is sent. */
export const FormSubmit = ({
  variant = 'primary',
  disabled,
  ...rest
}: Omit<Parameters<typeof Button>[0], 'type' | 'busy'>) => (
  <Button type="submit" variant={variant} busy={useFormPending()} disabled={disabled} {...rest} />
);

/**
 * The kit's `Form` with the back office's fallback text: a validation answer's `body.<name>` lands at
 * the field of that name, any other refusal in `FormNotice`.
 */
export const BoForm = <Fields extends FieldValues, Values>({
  serverErrors,
  ...props
}: Omit<FormProps<Fields, Values>, 'serverErrors'> & { readonly serverErrors?: Partial<ServerErrorOptions> }) => (
  <Form {...props} serverErrors={{ fallback: FALLBACK_MESSAGE, ...serverErrors }} />
);
