import type { UserWithOnboarding } from '@bw/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useScreenHref } from '../../../../hooks/use-family';
import { useTranslation } from '../../../../lib/i18n';
import { TextField } from '../../../auth/components/text-field';
import { personalInformationCalls } from '../../api/personal-information-calls';
import { useStepSave } from '../../hooks/use-step-save';
import { RESIDENCE_COUNTRY } from '../../lib/countries';
import { useDraftField } from '../../stores/registration-draft';
import { CountryField } from '../country-field';
import { StepForm, type StepNavigation } from '../step-form';

const FIELDS = ['street', 'houseNumber', 'postcode', 'city', 'domicile'] as const;

/**
 * Spec sections 2 and 5, Address: complete, street name and house number (the server splits a
 * number off the street and uses 1 without one), and only a residence in Austria.
 */
export const AddressStep = ({ user, nav }: { readonly user: UserWithOnboarding; readonly nav: StepNavigation }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const saved = user.personalInformation.address;
  const [domicile, setDomicile] = useState(user.personalInformation.domicile ?? RESIDENCE_COUNTRY);
  const [street, setStreet] = useDraftField('street', saved.street);
  const [houseNumber, setHouseNumber] = useDraftField('houseNumber', saved.houseNumber);
  const [postcode, setPostcode] = useDraftField('postcode', saved.PLZ);
  const [city, setCity] = useDraftField('city', saved.city);
  const { errors, saving, run } = useStepSave(FIELDS, { RESIDENCE_NOT_ALLOWED: 'domicile' });
  const submit = () =>
    void run(
      [
        personalInformationCalls.address({
          street,
          houseNumber: houseNumber.trim() === '' ? null : houseNumber,
          postcode,
          city,
          domicile,
        }),
      ],
      nav.onNext,
    );
  return (
    <StepForm
      title={t('personalData.addressTitle')}
      text={t('personalData.addressText')}
      saving={saving}
      formError={errors.form}
      onBack={nav.onBack}
      onSubmit={submit}
    >
      <div className="grid grid-cols-[1fr_7rem] gap-3 sm:grid-cols-[1fr_9rem]">
        <TextField
          label={t('personalData.street')}
          name="street"
          autoComplete="address-line1"
          value={street}
          error={errors.fields.street}
          onChange={(event) => setStreet(event.target.value)}
        />
        <TextField
          label={t('personalData.houseNumber')}
          name="houseNumber"
          value={houseNumber}
          error={errors.fields.houseNumber}
          onChange={(event) => setHouseNumber(event.target.value)}
        />
      </div>
      <p className="-mt-2 text-sm text-navy-700">{t('personalData.houseNumberHint')}</p>
      <div className="grid grid-cols-[7rem_1fr] gap-3 sm:grid-cols-[9rem_1fr]">
        <TextField
          label={t('personalData.postcode')}
          name="postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          value={postcode}
          error={errors.fields.postcode}
          onChange={(event) => setPostcode(event.target.value)}
        />
        <TextField
          label={t('personalData.city')}
          name="city"
          autoComplete="address-level2"
          value={city}
          error={errors.fields.city}
          onChange={(event) => setCity(event.target.value)}
        />
      </div>
      <CountryField
        label={t('personalData.residence')}
        name="domicile"
        value={domicile}
        error={errors.fields.domicile}
        onChange={setDomicile}
      />
      <p className="rounded-xl bg-navy-100 px-4 py-3 text-sm text-navy-900">
        {t('personalData.residenceNote')} {t('personalData.companyHint')}{' '}
        <Link to={href({ key: 'companyRegistration' })} className="font-semibold text-brand-text underline">
          {t('personalData.companyLink')}
        </Link>
      </p>
    </StepForm>
  );
};
