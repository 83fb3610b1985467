import { Eye, EyeOff } from 'lucide-react';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  readonly label: string;
  readonly name: string;
  readonly error?: string | null | undefined;
  readonly hint?: string;
  readonly trailing?: ReactNode;
};

/** A labelled input whose message sits at the field (spec section 5) and is announced with it. */
export const TextField = ({ label, name, error, hint, trailing, className, ...input }: TextFieldProps) => {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
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
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`block min-h-12 w-full rounded-xl border bg-white px-4 text-base text-navy-900 placeholder:text-navy-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-text ${
            trailing ? 'pr-12' : ''
          } ${error ? 'border-danger' : 'border-navy-300'}`}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-sm text-navy-700">
          {hint}
        </p>
      ) : null}
    </div>
  );
};

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

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
