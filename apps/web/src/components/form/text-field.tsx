import { Eye, EyeOff } from 'lucide-react';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n';
import { controlClass, describedBy, FieldFrame } from './field-frame';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'defaultValue' | 'onChange'>;

export type TextFieldProps = InputProps & {
  /** The field's name in the form (and the input's `name`). */
  readonly name: string;
  readonly label: string;
  readonly hint?: string;
  /** Inside the input's right edge: a unit, a show-password button. */
  readonly trailing?: ReactNode;
  /** Beside the input, on its row: the button that sends a one-field form. */
  readonly action?: ReactNode;
  /** Rewrites what is typed before the form keeps it (an IBAN in capitals). */
  readonly normalize?: (value: string) => string;
  /** Called with the kept value after every change (a draft that outlives the screen). */
  readonly onValueChange?: (value: string) => void;
};

/**
 * A labelled input of the surrounding form (ADR 0015) whose message sits at the field (spec section 5)
 * and is announced with it: the schema's message, or the server's for this field.
 */
export const TextField = ({
  name,
  label,
  hint,
  trailing,
  action,
  normalize,
  onValueChange,
  className,
  ...input
}: TextFieldProps) => {
  const { field, fieldState } = useController({ name });
  const id = useId();
  const error = fieldState.error?.message;
  return (
    <FieldFrame id={id} name={name} label={label} error={error} hint={hint} className={className}>
      <div className={action ? 'flex gap-2' : undefined}>
        <div className={action ? 'relative min-w-0 flex-1' : 'relative'}>
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
            aria-describedby={describedBy(id, error, hint)}
            className={`${controlClass(Boolean(error))} min-h-12 px-4 ${trailing ? 'pr-12' : ''}`}
            {...input}
          />
          {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
        </div>
        {action}
      </div>
    </FieldFrame>
  );
};

/** A labelled multi-line text of the surrounding form (a key, a message), with its message at the field. */
export const TextAreaField = ({
  name,
  label,
  hint,
  className,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name' | 'value' | 'defaultValue' | 'onChange'> & {
  readonly name: string;
  readonly label: string;
  readonly hint?: string;
}) => {
  const { field, fieldState } = useController({ name });
  const id = useId();
  const error = fieldState.error?.message;
  return (
    <FieldFrame id={id} name={name} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={id}
        name={name}
        ref={field.ref as Ref<HTMLTextAreaElement>}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${controlClass(Boolean(error))} px-4 py-3`}
        {...textarea}
      />
    </FieldFrame>
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
