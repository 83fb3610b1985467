import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
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
import { AlertBox, Button, FALLBACK_MESSAGE, type FieldShell, fieldDescription, inputClass, Shell } from './ui';

/**
 * The back office's fields on the form kit (ADR 0015): the look of `ui.tsx` (same classes, labels,
 * hints), registered with the surrounding `useZodForm` form, each with its own message under it
 * (`aria-invalid`, `aria-describedby`, `data-testid="error-<name>"`) and the form's message above
 * the submit button.
 */

type Named = { readonly name: string };
type Omitted = 'id' | 'name' | 'value' | 'defaultValue' | 'onChange';

/** One field of the surrounding form: its value, its message and the control's accessible wiring. */
const useBoField = (name: string, hint: string | undefined) => {
  const { field, fieldState } = useController({ name });
  const id = useId();
  const error = fieldState.error?.message;
  return {
    id,
    error,
    field,
    control: { id, name, onBlur: field.onBlur, ...fieldDescription(id, { error, hint }) },
  };
};

const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

export const FormTextField = ({
  name,
  label,
  hint,
  className,
  normalize,
  onValueChange,
  ...input
}: Named &
  Omit<FieldShell, 'error'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, Omitted> & {
    /** Rewrites what is typed before the form keeps it (only digits). */
    readonly normalize?: (value: string) => string;
    readonly onValueChange?: (value: string) => void;
  }) => {
  const { id, error, field, control } = useBoField(name, hint);
  return (
    <Shell id={id} name={name} label={label} hint={hint} error={error} className={className}>
      <input
        {...control}
        ref={field.ref as Ref<HTMLInputElement>}
        className={inputClass}
        value={text(field.value)}
        onChange={(event) => {
          const value = normalize ? normalize(event.target.value) : event.target.value;
          field.onChange(value);
          onValueChange?.(value);
        }}
        {...input}
      />
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
  const { id, error, field, control } = useBoField(name, hint);
  return (
    <Shell id={id} name={name} label={label} hint={hint} error={error} className={className}>
      <textarea
        {...control}
        ref={field.ref as Ref<HTMLTextAreaElement>}
        className={`${inputClass} min-h-20`}
        value={text(field.value)}
        onChange={(event) => field.onChange(event.target.value)}
        {...textarea}
      />
    </Shell>
  );
};

export const FormSelectField = ({
  name,
  label,
  hint,
  className,
  options,
  children,
  onValueChange,
  ...select
}: Named &
  Omit<FieldShell, 'error'> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, Omitted> & {
    readonly options: readonly { value: string; label: string }[];
    /** Before the options: an empty first choice. */
    readonly children?: ReactNode;
    readonly onValueChange?: (value: string) => void;
  }) => {
  const { id, error, field, control } = useBoField(name, hint);
  return (
    <Shell id={id} name={name} label={label} hint={hint} error={error} className={className}>
      <select
        {...control}
        ref={field.ref as Ref<HTMLSelectElement>}
        className={inputClass}
        value={text(field.value)}
        onChange={(event) => {
          field.onChange(event.target.value);
          onValueChange?.(event.target.value);
        }}
        {...select}
      >
        {children}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
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
  const { id, error, field, control } = useBoField(name, undefined);
  return (
    <span className="flex flex-col gap-0.5">
      <input
        {...control}
        ref={field.ref as Ref<HTMLInputElement>}
        className={className}
        value={text(field.value)}
        onChange={(event) => field.onChange(event.target.value)}
        {...input}
      />
      {error ? (
        <span id={`${id}-error`} className="text-xs text-bad" data-testid={`error-${name}`}>
          {error}
        </span>
      ) : null}
    </span>
  );
};

/** A checkbox of the surrounding form, with its message below it. */
export const FormCheckbox = ({
  name,
  label,
  className = '',
}: Named & { readonly label: ReactNode; readonly className?: string }) => {
  const { id, error, field, control } = useBoField(name, undefined);
  return (
    <div className={className}>
      <label className="flex items-center gap-2 text-ink">
        <input
          {...control}
          ref={field.ref as Ref<HTMLInputElement>}
          type="checkbox"
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
        />
        {label}
      </label>
      {error ? (
        <p className="mt-1 text-xs text-bad" id={`${id}-error`} data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
};

/** The form's message about no field (the server's refusal, `root.server`), in the back office's alert box. */
export const FormNotice = () => <AlertBox message={useFieldError(FORM_ERROR).message} />;

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
