import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { countryOptions } from '../lib/countries';
import { SelectField } from './select-field';

/** Every country by name in the UI language, the audience (AT, DE, CH) first. */
export const CountryField = ({
  label,
  name,
  value,
  error,
  required = false,
  onChange,
}: {
  readonly label: string;
  readonly name: string;
  readonly value: string;
  readonly error?: string | undefined;
  /** Starts with "Bitte wählen" instead of a country. */
  readonly required?: boolean;
  readonly onChange: (code: string) => void;
}) => {
  const { t, i18n } = useTranslation();
  const options = useMemo(
    () => countryOptions(i18n.language).map((country) => ({ value: country.code, label: country.name })),
    [i18n.language],
  );
  return (
    <SelectField
      label={label}
      name={name}
      options={options}
      placeholder={required ? t('personalData.choose') : undefined}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
};
