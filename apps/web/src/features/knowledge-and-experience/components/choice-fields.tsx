import { Check } from 'lucide-react';
import { useId } from 'react';

export type Option<T> = { readonly value: T; readonly label: string };

const optionClass =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl bg-white px-4 py-3 text-base text-navy-900 ring-1 ring-inset ring-navy-300 transition hover:bg-navy-100 has-[:checked]:ring-2 has-[:checked]:ring-brand-text has-[:checked]:font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2';

const marker = (checked: boolean, round: boolean) =>
  `grid size-5 shrink-0 place-items-center ${round ? 'rounded-full' : 'rounded-md'} ring-2 ring-inset ${
    checked ? 'bg-brand text-on-brand ring-brand' : 'bg-white ring-navy-300'
  }`;

type ChoiceProps<T extends string | number> = {
  readonly legend: string;
  readonly options: readonly Option<T>[];
  readonly value: T | undefined;
  readonly onChange: (value: T) => void;
};

/** One answer of a set, as large tappable rows (a radio group). */
export const ChoiceField = <T extends string | number>({ legend, options, value, onChange }: ChoiceProps<T>) => {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-base font-semibold text-navy-900">{legend}</legend>
      {options.map((option) => (
        <label key={String(option.value)} className={optionClass}>
          <input
            type="radio"
            name={name}
            className="sr-only"
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span aria-hidden className={marker(value === option.value, true)}>
            {value === option.value && <span className="size-2 rounded-full bg-current" />}
          </span>
          {option.label}
        </label>
      ))}
    </fieldset>
  );
};

type MultiProps<T extends string> = {
  readonly legend: string;
  readonly hint?: string;
  readonly options: readonly Option<T>[];
  readonly values: readonly T[];
  readonly onChange: (values: T[]) => void;
};

/** Any number of answers of a set (checkboxes), none included. */
export const MultiChoiceField = <T extends string>({ legend, hint, options, values, onChange }: MultiProps<T>) => {
  const hintId = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hint ? hintId : undefined}>
      <legend className="mb-1 text-base font-semibold text-navy-900">{legend}</legend>
      {hint && (
        <p id={hintId} className="mb-1 text-sm text-navy-700">
          {hint}
        </p>
      )}
      {options.map((option) => {
        const checked = values.includes(option.value);
        return (
          <label key={option.value} className={optionClass}>
            <input
              type="checkbox"
              className="sr-only"
              checked={checked}
              onChange={() => onChange(checked ? values.filter((v) => v !== option.value) : [...values, option.value])}
            />
            <span aria-hidden className={marker(checked, false)}>
              {checked && <Check className="size-4" strokeWidth={3} />}
            </span>
            {option.label}
          </label>
        );
      })}
    </fieldset>
  );
};
