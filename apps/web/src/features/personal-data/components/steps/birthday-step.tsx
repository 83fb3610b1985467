import type { UserWithOnboarding } from '@bw/contracts';
import type { Ref } from 'react';
import { useController } from 'react-hook-form';
import { ErrorText, useFieldError, useZodForm } from '../../../../components/form';
import { useTranslation } from '../../../../lib/i18n';
import { personalInformationCalls } from '../../api/personal-information-calls';
import { useSaveUserParts } from '../../api/save-user-part';
import { useIdentityDraft } from '../../hooks/use-identity-draft';
import { birthdayForm } from '../../lib/step-forms';
import { draftText } from '../../stores/registration-draft';
import { StepForm, type StepNavigation } from '../step-form';

/** The server's answers about the date (spec section 8) belong to it, not to one of its three parts. */
const BIRTH_DATE = 'birthDate';
const BIRTH_DATE_CODES = {
  BIRTH_DATE_REQUIRED: BIRTH_DATE,
  BIRTH_DATE_INVALID: BIRTH_DATE,
  BIRTH_DATE_UNDERAGE: BIRTH_DATE,
} as const;
const DRAFT_FIELDS = {
  birthdayDay: 'birthdayDay',
  birthdayMonth: 'birthdayMonth',
  birthdayYear: 'birthdayYear',
} as const;

const partsOf = (birthDate: string | null) => {
  const match = birthDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate) : null;
  return match ? { birthdayYear: match[1] ?? '', birthdayMonth: match[2] ?? '', birthdayDay: match[3] ?? '' } : null;
};

const inputClass = (invalid: boolean) =>
  `block min-h-12 w-full rounded-xl border bg-white px-3 text-center text-base text-navy-900 focus:outline-2 focus:outline-offset-0 focus:outline-brand-text ${
    invalid ? 'border-danger' : 'border-navy-300'
  }`;

type Part = {
  readonly key: 'day' | 'month' | 'year';
  readonly name: keyof typeof DRAFT_FIELDS;
  readonly label: string;
  readonly maxLength: number;
  readonly placeholder: string;
};

const DatePart = ({ part, invalid }: { readonly part: Part; readonly invalid: boolean }) => {
  const { field } = useController({ name: part.name });
  return (
    <label className="flex flex-col gap-1 text-sm text-navy-700">
      {part.label}
      <input
        name={`birthday-${part.key}`}
        ref={field.ref as Ref<HTMLInputElement>}
        inputMode="numeric"
        autoComplete={`bday-${part.key}`}
        maxLength={part.maxLength}
        placeholder={part.placeholder}
        value={typeof field.value === 'string' ? field.value : ''}
        aria-invalid={invalid ? true : undefined}
        className={inputClass(invalid)}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      />
    </label>
  );
};

/** The date's three parts and the one message about the date, announced with the group. */
const BirthDateFields = () => {
  const { t } = useTranslation();
  const { message, errorId } = useFieldError(BIRTH_DATE);
  const parts: readonly Part[] = [
    { key: 'day', name: 'birthdayDay', label: t('personalData.day'), maxLength: 2, placeholder: 'TT' },
    { key: 'month', name: 'birthdayMonth', label: t('personalData.month'), maxLength: 2, placeholder: 'MM' },
    { key: 'year', name: 'birthdayYear', label: t('personalData.year'), maxLength: 4, placeholder: 'JJJJ' },
  ];
  return (
    <fieldset aria-describedby={message ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-navy-900">{t('personalData.birthDate')}</legend>
      <div className="grid grid-cols-[1fr_1fr_1.5fr] gap-3 sm:max-w-sm">
        {parts.map((part) => (
          <DatePart key={part.key} part={part} invalid={Boolean(message)} />
        ))}
      </div>
      <ErrorText id={errorId} name={BIRTH_DATE} message={message} className="mt-1.5" />
    </fieldset>
  );
};

/**
 * Spec section 5, Birth date: required, a real date, over 18. The server decides and answers the
 * message in its error field (spec section 7); the screen shows it at the date.
 */
export const BirthdayStep = ({ user, nav }: { readonly user: UserWithOnboarding; readonly nav: StepNavigation }) => {
  const { t } = useTranslation();
  const save = useSaveUserParts();
  const saved = partsOf(user.personalInformation.birthDate);
  const form = useZodForm(birthdayForm, {
    defaultValues: {
      birthdayDay: draftText('birthdayDay', saved?.birthdayDay),
      birthdayMonth: draftText('birthdayMonth', saved?.birthdayMonth),
      birthdayYear: draftText('birthdayYear', saved?.birthdayYear),
    },
  });
  useIdentityDraft(form.watch, DRAFT_FIELDS);
  return (
    <StepForm
      title={t('personalData.birthdayTitle')}
      text={t('personalData.birthdayText')}
      form={form}
      onSubmit={async (body) => {
        await save.mutateAsync([personalInformationCalls.birthDate(body)]);
        nav.onNext();
      }}
      codeFields={BIRTH_DATE_CODES}
      fields={[BIRTH_DATE]}
      onBack={nav.onBack}
    >
      <BirthDateFields />
    </StepForm>
  );
};
