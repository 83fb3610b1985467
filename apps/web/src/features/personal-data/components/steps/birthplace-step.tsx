import type { UserWithOnboarding } from '@bw/contracts';
import { TextField, useZodForm } from '../../../../components/form';
import { useTranslation } from '../../../../lib/i18n';
import { personalInformationCalls } from '../../api/personal-information-calls';
import { useSaveUserParts } from '../../api/save-user-part';
import { useIdentityDraft } from '../../hooks/use-identity-draft';
import { birthplaceForm } from '../../lib/step-forms';
import { draftText } from '../../stores/registration-draft';
import { CountryField } from '../country-field';
import { StepForm, type StepNavigation } from '../step-form';

const DRAFT_FIELDS = { birthCountry: 'birthCountryCode', birthCity: 'birthCity' } as const;

/** Spec section 7, `PUT /api/v2/user/personalInformation/birthPlace {birthCountry,birthCity}`. */
export const BirthplaceStep = ({ user, nav }: { readonly user: UserWithOnboarding; readonly nav: StepNavigation }) => {
  const { t } = useTranslation();
  const save = useSaveUserParts();
  const form = useZodForm(birthplaceForm, {
    defaultValues: {
      birthCountry: draftText('birthCountryCode', user.personalInformation.birthCountry),
      birthCity: draftText('birthCity', user.personalInformation.birthCity),
    },
  });
  useIdentityDraft(form.watch, DRAFT_FIELDS);
  return (
    <StepForm
      title={t('personalData.birthplaceTitle')}
      form={form}
      onSubmit={async (birthPlace) => {
        await save.mutateAsync([personalInformationCalls.birthPlace(birthPlace)]);
        nav.onNext();
      }}
      onBack={nav.onBack}
    >
      <CountryField label={t('personalData.birthCountry')} name="birthCountry" required />
      <TextField label={t('personalData.birthCity')} name="birthCity" />
    </StepForm>
  );
};
