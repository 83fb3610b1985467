import type { UserWithOnboarding } from '@bw/contracts';
import { useTranslation } from '../../../../lib/i18n';
import { TextField } from '../../../auth/components/text-field';
import { personalInformationCalls } from '../../api/personal-information-calls';
import { useStepSave } from '../../hooks/use-step-save';
import { useDraftField } from '../../stores/registration-draft';
import { CountryField } from '../country-field';
import { StepForm, type StepNavigation } from '../step-form';

const FIELDS = ['birthCountry', 'birthCity'] as const;

/** Spec section 7, `PUT /api/v2/user/personalInformation/birthPlace {birthCountry,birthCity}`. */
export const BirthplaceStep = ({ user, nav }: { readonly user: UserWithOnboarding; readonly nav: StepNavigation }) => {
  const { t } = useTranslation();
  const [country, setCountry] = useDraftField('birthCountryCode', user.personalInformation.birthCountry);
  const [city, setCity] = useDraftField('birthCity', user.personalInformation.birthCity);
  const { errors, saving, run, showErrors } = useStepSave(FIELDS);
  const submit = () => {
    if (country === '') return showErrors({ birthCountry: t('personalData.required') });
    void run([personalInformationCalls.birthPlace({ birthCountry: country, birthCity: city })], nav.onNext);
  };
  return (
    <StepForm
      title={t('personalData.birthplaceTitle')}
      saving={saving}
      formError={errors.form}
      onBack={nav.onBack}
      onSubmit={submit}
    >
      <CountryField
        label={t('personalData.birthCountry')}
        name="birthCountry"
        required
        value={country}
        error={errors.fields.birthCountry}
        onChange={setCountry}
      />
      <TextField
        label={t('personalData.birthCity')}
        name="birthCity"
        value={city}
        error={errors.fields.birthCity}
        onChange={(event) => setCity(event.target.value)}
      />
    </StepForm>
  );
};
