import type { UserWithOnboarding } from '@bw/contracts';
import { useId } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { personalInformationCalls } from '../../api/personal-information-calls';
import { useStepSave } from '../../hooks/use-step-save';
import { toBirthDate } from '../../lib/birth-date-input';
import { useDraftField } from '../../stores/registration-draft';
import { StepForm, type StepNavigation } from '../step-form';

const FIELDS = ['birthDate'] as const;
const BIRTH_DATE_CODES = {
  BIRTH_DATE_REQUIRED: 'birthDate',
  BIRTH_DATE_INVALID: 'birthDate',
  BIRTH_DATE_UNDERAGE: 'birthDate',
} as const;

const partsOf = (birthDate: string | null) => {
  const match = birthDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate) : null;
  return match ? { birthdayYear: match[1] ?? '', birthdayMonth: match[2] ?? '', birthdayDay: match[3] ?? '' } : null;
};

const inputClass = (invalid: boolean) =>
  `block min-h-12 w-full rounded-xl border bg-white px-3 text-center text-base text-navy-900 focus:outline-2 focus:outline-offset-0 focus:outline-brand-text ${
    invalid ? 'border-danger' : 'border-navy-300'
  }`;

/**
 * Spec section 5, Birth date: required, a real date, over 18. The server decides and answers the
 * message in its error field (spec section 7); the screen shows it at the date.
 */
export const BirthdayStep = ({ user, nav }: { readonly user: UserWithOnboarding; readonly nav: StepNavigation }) => {
  const { t } = useTranslation();
  const id = useId();
  const saved = partsOf(user.personalInformation.birthDate);
  const [day, setDay] = useDraftField('birthdayDay', saved?.birthdayDay);
  const [month, setMonth] = useDraftField('birthdayMonth', saved?.birthdayMonth);
  const [year, setYear] = useDraftField('birthdayYear', saved?.birthdayYear);
  const { errors, saving, run } = useStepSave(FIELDS, BIRTH_DATE_CODES);
  const error = errors.fields.birthDate;
  const submit = () =>
    void run([personalInformationCalls.birthDate({ birthDate: toBirthDate(day, month, year) })], nav.onNext);
  const parts = [
    { key: 'day', label: t('personalData.day'), value: day, set: setDay, maxLength: 2, placeholder: 'TT' },
    { key: 'month', label: t('personalData.month'), value: month, set: setMonth, maxLength: 2, placeholder: 'MM' },
    { key: 'year', label: t('personalData.year'), value: year, set: setYear, maxLength: 4, placeholder: 'JJJJ' },
  ] as const;
  return (
    <StepForm
      title={t('personalData.birthdayTitle')}
      text={t('personalData.birthdayText')}
      saving={saving}
      formError={errors.form}
      onBack={nav.onBack}
      onSubmit={submit}
    >
      <fieldset aria-describedby={error ? `${id}-error` : undefined}>
        <legend className="mb-1.5 text-sm font-semibold text-navy-900">{t('personalData.birthDate')}</legend>
        <div className="grid grid-cols-[1fr_1fr_1.5fr] gap-3 sm:max-w-sm">
          {parts.map((part) => (
            <label key={part.key} className="flex flex-col gap-1 text-sm text-navy-700">
              {part.label}
              <input
                name={`birthday-${part.key}`}
                inputMode="numeric"
                autoComplete={`bday-${part.key}`}
                maxLength={part.maxLength}
                placeholder={part.placeholder}
                value={part.value}
                aria-invalid={error ? true : undefined}
                className={inputClass(Boolean(error))}
                onChange={(event) => part.set(event.target.value)}
              />
            </label>
          ))}
        </div>
        {error ? (
          <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger" data-testid="error-birthDate">
            {error}
          </p>
        ) : null}
      </fieldset>
    </StepForm>
  );
};
