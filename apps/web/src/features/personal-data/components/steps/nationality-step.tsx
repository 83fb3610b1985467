import type { UserWithOnboarding } from '@bw/contracts';
import { useZodForm } from '../../../../components/form';
import { useTranslation } from '../../../../lib/i18n';
import { personalInformationCalls } from '../../api/personal-information-calls';
import { useSaveUserParts } from '../../api/save-user-part';
import { useIdentityDraft } from '../../hooks/use-identity-draft';
import { nationalityForm } from '../../lib/step-forms';
import { draftText } from '../../stores/registration-draft';
import { CountryField } from '../country-field';
import { StepForm, type StepNavigation } from '../step-form';

const DRAFT_FIELDS = { nationality: 'citizenshipCountryCode' } as const;

/** Spec section 7, `PUT /api/v2/user/personalInformation/nationality` (citizenship in the draft). */
export const NationalityStep = ({ user, nav }: { readonly user: UserWithOnboarding; readonly nav: StepNavigation }) => {
  const { t } = useTranslation();
  const save = useSaveUserParts();
  const form = useZodForm(nationalityForm, {
    defaultValues: { nationality: draftText('citizenshipCountryCode', user.personalInformation.nationality) },
  });
  useIdentityDraft(form.watch, DRAFT_FIELDS);
  return (
    <StepForm
      title={t('personalData.nationalityTitle')}
      text={t('personalData.nationalityText')}
      form={form}
      onSubmit={async (body) => {
        await save.mutateAsync([personalInformationCalls.nationality(body)]);
        nav.onNext();
      }}
      onBack={nav.onBack}
    >
      <CountryField label={t('personalData.nationality')} name="nationality" required />
    </StepForm>
  );
};
