import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n';
import { ErrorText } from './field-error';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'defaultValue' | 'onChange'>;

export type TextFieldProps = InputProps & {
  /** The field's name in the form (and the input's `name`). */
  readonly name: string;
  readonly label: string;
  readonly hint?: string;
  /** Inside the input's right edge: a unit, a show-password button. */
  readonly trailing?: ReactNode;
  /** Rewrites what is typed before the form keeps it (an IBAN in capitals). */
  readonly normalize?: (value: string) => string;
  /** Called with the kept value after every change (a draft that outlives the screen). */
  readonly onValueChange?: (value: string) => void;
};

const inputClass = (error: boolean, trailing: boolean) =>
  `block min-h-12 w-full rounded-xl border bg-white px-4 text-base text-navy-900 placeholder:text-navy-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-text ${
    trailing ? 'pr-12' : ''
  } ${error ? 'border-danger' : 'border-navy-300'}`;

/**
 * A labelled input of the surrounding form (ADR 0015) whose message sits at the field (spec section 5)
 * and is announced with it: the schema's message, or the server's for this field.
 */
export const TextField = ({
  name,
  label,
  hint,
  trailing,
  normalize,
  onValueChange,
  className,
  ...input
}: TextFieldProps) => {
  const { field, fieldState } = useController({ name });
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error = fieldState.error?.message;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-semibold text-navy-900">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          ref={field.ref as Ref<HTMLInputElement>}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(event) => {
            const value = normalize ? normalize(event.target.value) : event.target.value;
            field.onChange(value);
            onValueChange?.(value);
          }}
          onBlur={field.onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass(Boolean(error), Boolean(trailing))}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      <ErrorText id={errorId} name={name} message={error} />
      {hint ? (
        <p id={hintId} className="text-sm text-navy-700">
          {hint}
        </p>
      ) : null}
    </div>
  );
};

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing' | 'normalize'>;

/** A password input with a show/hide toggle. */
export const PasswordField = (props: PasswordFieldProps) => {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((value) => !value)}
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
          className="grid size-10 place-items-center rounded-lg text-navy-700 hover:bg-navy-100 hover:text-navy-900"
        >
          <Icon aria-hidden="true" className="size-5" />
        </button>
      }
    />
  );
};
