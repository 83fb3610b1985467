import { type Ref, type SelectHTMLAttributes, useId } from 'react';
import { useController } from 'react-hook-form';
import { ErrorText } from './field-error';
import { controlClass, describedBy, FieldFrame } from './field-frame';

export type SelectOption = { readonly value: string; readonly label: string };

export type SelectFieldProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'name' | 'value' | 'defaultValue' | 'onChange'
> & {
  readonly name: string;
  readonly label: string;
  readonly options: readonly SelectOption[];
  /** A first, empty choice ("Bitte wählen"). */
  readonly placeholder?: string | undefined;
  readonly onValueChange?: (value: string) => void;
};

/** A labelled select of the surrounding form whose message sits at the field, like the text fields. */
export const SelectField = ({
  name,
  label,
  options,
  placeholder,
  onValueChange,
  className,
  ...select
}: SelectFieldProps) => {
  const { field, fieldState } = useController({ name });
  const id = useId();
  const error = fieldState.error?.message;
  return (
    <FieldFrame id={id} name={name} label={label} error={error} className={className}>
      <select
        id={id}
        name={name}
        ref={field.ref as Ref<HTMLSelectElement>}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(event) => {
          field.onChange(event.target.value);
          onValueChange?.(event.target.value);
        }}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, undefined)}
        className={`${controlClass(Boolean(error))} min-h-12 px-3`}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
};

const checkboxClass = 'mt-0.5 size-5 shrink-0 accent-[var(--bw-brand)]';

/**
 * A checkbox of the surrounding form with its message below: `boxed` for a required confirmation
 * (spec section 5), plain for an option.
 */
export const CheckboxField = ({
  name,
  label,
  boxed = false,
  muted = false,
  className = '',
  onValueChange,
}: {
  readonly name: string;
  readonly label: string;
  readonly boxed?: boolean;
  /** A secondary option (a newsletter) in the quieter text colour. */
  readonly muted?: boolean;
  readonly className?: string;
  readonly onValueChange?: (checked: boolean) => void;
}) => {
  const { field, fieldState } = useController({ name });
  const errorId = `${useId()}-error`;
  const error = fieldState.error?.message;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label
        className={
          boxed
            ? 'flex items-start gap-3 rounded-xl bg-white p-3 text-sm text-navy-900 ring-1 ring-navy-100'
            : `flex items-start gap-3 text-sm ${muted ? 'text-navy-700' : 'text-navy-900'}`
        }
      >
        <input
          type="checkbox"
          name={name}
          ref={field.ref as Ref<HTMLInputElement>}
          checked={field.value === true}
          onChange={(event) => {
            field.onChange(event.target.checked);
            onValueChange?.(event.target.checked);
          }}
          onBlur={field.onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={checkboxClass}
        />
        <span>{label}</span>
      </label>
      <ErrorText id={errorId} name={name} message={error} />
    </div>
  );
};

/** A one-of-few question of the surrounding form as segmented radio buttons. */
export const ChoiceField = ({
  name,
  legend,
  options,
}: {
  readonly name: string;
  readonly legend: string;
  readonly options: readonly SelectOption[];
}) => {
  const { field, fieldState } = useController({ name });
  const errorId = `${useId()}-error`;
  const error = fieldState.error?.message;
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-navy-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option, index) => (
          <label
            key={option.value}
            className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-4 text-sm font-medium ring-1 ring-inset ${
              field.value === option.value
                ? 'bg-navy-100 text-navy-900 ring-brand'
                : 'bg-white text-navy-700 ring-navy-300'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              ref={index === 0 ? (field.ref as Ref<HTMLInputElement>) : undefined}
              checked={field.value === option.value}
              aria-invalid={error ? true : undefined}
              className="size-4 accent-[var(--bw-brand)]"
              onChange={() => field.onChange(option.value)}
              onBlur={field.onBlur}
            />
            {option.label}
          </label>
        ))}
      </div>
      <ErrorText id={errorId} name={name} message={error} />
    </fieldset>
  );
};
