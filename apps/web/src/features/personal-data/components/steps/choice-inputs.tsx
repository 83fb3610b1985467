import { useId } from 'react';

/** A required confirmation (spec section 5): a checkbox with its message below. */
export const ConfirmationBox = ({
  name,
  label,
  checked,
  error,
  onChange,
}: {
  readonly name: string;
  readonly label: string;
  readonly checked: boolean;
  readonly error?: string | undefined;
  readonly onChange: (checked: boolean) => void;
}) => {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-start gap-3 rounded-xl bg-white p-3 text-sm text-navy-900 ring-1 ring-navy-100">
        <input
          type="checkbox"
          name={name}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-[var(--bw-brand)]"
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
};

/** A one-of-few question as segmented radio buttons. */
export const ChoiceRow = ({
  name,
  legend,
  options,
  value,
  error,
  onChange,
}: {
  readonly name: string;
  readonly legend: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly value: string | null;
  readonly error?: string | undefined;
  readonly onChange: (value: string) => void;
}) => (
  <fieldset className="flex flex-col gap-1.5">
    <legend className="mb-1.5 text-sm font-semibold text-navy-900">{legend}</legend>
    <div className="flex flex-wrap gap-2">
      {options.map((option) => (
        <label
          key={option.value}
          className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-4 text-sm font-medium ring-1 ring-inset ${
            value === option.value ? 'bg-navy-100 text-navy-900 ring-brand' : 'bg-white text-navy-700 ring-navy-300'
          }`}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            className="size-4 accent-[var(--bw-brand)]"
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
    {error ? (
      <p className="text-sm font-medium text-danger" data-testid={`error-${name}`}>
        {error}
      </p>
    ) : null}
  </fieldset>
);
