import { type SelectHTMLAttributes, useId } from 'react';

export type SelectOption = { readonly value: string; readonly label: string };

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  readonly label: string;
  readonly name: string;
  readonly options: readonly SelectOption[];
  readonly placeholder?: string;
  readonly error?: string | null | undefined;
};

/** A labelled select whose message sits at the field, like the text fields (spec section 5). */
export const SelectField = ({ label, name, options, placeholder, error, className, ...select }: SelectFieldProps) => {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`flex flex-col gap-1.5 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-semibold text-navy-900">
        {label}
      </label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`block min-h-12 w-full rounded-xl border bg-white px-3 text-base text-navy-900 focus:outline-2 focus:outline-offset-0 focus:outline-brand-text ${
          error ? 'border-danger' : 'border-navy-300'
        }`}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
};
