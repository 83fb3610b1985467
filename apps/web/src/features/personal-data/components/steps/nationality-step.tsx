import type { UserWithOnboarding } from '@bw/contracts';
import { useTranslation } from '../../../../lib/i18n';
import { personalInformationCalls } from '../../api/personal-information-calls';
import { useStepSave } from '../../hooks/use-step-save';
import { useDraftField } from '../../stores/registration-draft';
import { CountryField } from '../country-field';
import { StepForm, type StepNavigation } from '../step-form';

const FIELDS = ['nationality'] as const;

/** Spec section 7, `PUT /api/v2/user/personalInformation/nationality` (citizenship in the draft). */
export const NationalityStep = ({ user, nav }: { readonly user: UserWithOnboarding; readonly nav: StepNavigation }) => {
  const { t } = useTranslation();
  const [nationality, setNationality] = useDraftField('citizenshipCountryCode', user.personalInformation.nationality);
  const { errors, saving, run, showErrors } = useStepSave(FIELDS);
  const submit = () => {
    if (nationality === '') return showErrors({ nationality: t('personalData.required') });
    void run([personalInformationCalls.nationality({ nationality })], nav.onNext);
  };
  return (
    <StepForm
      title={t('personalData.nationalityTitle')}
      text={t('personalData.nationalityText')}
      saving={saving}
      formError={errors.form}
      onBack={nav.onBack}
      onSubmit={submit}
    >
      <CountryField
        label={t('personalData.nationality')}
        name="nationality"
        required
        value={nationality}
        error={errors.fields.nationality}
        onChange={setNationality}
      />
    </StepForm>
  );
};
