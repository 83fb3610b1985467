import type { UserWithOnboarding } from '@bw/contracts';
import { Link } from 'react-router';
import { TextField, useZodForm } from '../../../../components/form';
import { useScreenHref } from '../../../../hooks/use-family';
import { useTranslation } from '../../../../lib/i18n';
import { personalInformationCalls } from '../../api/personal-information-calls';
import { useSaveUserParts } from '../../api/save-user-part';
import { useIdentityDraft } from '../../hooks/use-identity-draft';
import { RESIDENCE_COUNTRY } from '../../lib/countries';
import { addressForm } from '../../lib/step-forms';
import { draftText } from '../../stores/registration-draft';
import { CountryField } from '../country-field';
import { StepForm, type StepNavigation } from '../step-form';

const DRAFT_FIELDS = { street: 'street', houseNumber: 'houseNumber', postcode: 'postcode', city: 'city' } as const;

/**
 * Spec sections 2 and 5, Address: complete, street name and house number (the server splits a
 * number off the street and uses 1 without one), and only a residence in Austria.
 */
export const AddressStep = ({ user, nav }: { readonly user: UserWithOnboarding; readonly nav: StepNavigation }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const save = useSaveUserParts();
  const saved = user.personalInformation.address;
  const form = useZodForm(addressForm, {
    defaultValues: {
      street: draftText('street', saved.street),
      houseNumber: draftText('houseNumber', saved.houseNumber),
      postcode: draftText('postcode', saved.PLZ),
      city: draftText('city', saved.city),
      domicile: user.personalInformation.domicile ?? RESIDENCE_COUNTRY,
    },
  });
  useIdentityDraft(form.watch, DRAFT_FIELDS);
  return (
    <StepForm
      title={t('personalData.addressTitle')}
      text={t('personalData.addressText')}
      form={form}
      onSubmit={async (address) => {
        await save.mutateAsync([personalInformationCalls.address(address)]);
        nav.onNext();
      }}
      codeFields={{ RESIDENCE_NOT_ALLOWED: 'domicile' }}
      onBack={nav.onBack}
    >
      <div className="grid grid-cols-[1fr_7rem] gap-3 sm:grid-cols-[1fr_9rem]">
        <TextField label={t('personalData.street')} name="street" autoComplete="address-line1" />
        <TextField label={t('personalData.houseNumber')} name="houseNumber" />
      </div>
      <p className="-mt-2 text-sm text-navy-700">{t('personalData.houseNumberHint')}</p>
      <div className="grid grid-cols-[7rem_1fr] gap-3 sm:grid-cols-[9rem_1fr]">
        <TextField
          label={t('personalData.postcode')}
          name="postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
        />
        <TextField label={t('personalData.city')} name="city" autoComplete="address-level2" />
      </div>
      <CountryField label={t('personalData.residence')} name="domicile" />
      <p className="rounded-xl bg-navy-100 px-4 py-3 text-sm text-navy-900">
        {t('personalData.residenceNote')} {t('personalData.companyHint')}{' '}
        <Link to={href({ key: 'companyRegistration' })} className="font-semibold text-brand-text underline">
          {t('personalData.companyLink')}
        </Link>
      </p>
    </StepForm>
  );
};
