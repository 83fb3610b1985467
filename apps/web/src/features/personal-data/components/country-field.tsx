import { useMemo } from 'react';
import { SelectField } from '../../../components/form';
import { useTranslation } from '../../../lib/i18n';
import { countryOptions } from '../lib/countries';

/** Every country by name in the UI language, the audience (AT, DE, CH) first; a field of the surrounding form. */
export const CountryField = ({
  label,
  name,
  required = false,
}: {
  readonly label: string;
  readonly name: string;
  /** Starts with "Bitte wählen" instead of a country. */
  readonly required?: boolean;
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
    />
  );
};
