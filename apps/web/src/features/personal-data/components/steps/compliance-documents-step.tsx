import type { UserWithOnboarding } from '@bw/contracts';
import { REQUIRED_CONFIRMATIONS } from '@bw/domain';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { CheckboxField, ChoiceField, showErrors, TextField, useZodForm } from '../../../../components/form';
import { useTranslation } from '../../../../lib/i18n';
import { personalInformationCalls } from '../../api/personal-information-calls';
import { useSaveUserParts } from '../../api/save-user-part';
import { useUpdateFinancialAdvisor } from '../../api/update-financial-advisor';
import { useIdentityDraft } from '../../hooks/use-identity-draft';
import { type ComplianceValues, complianceForm } from '../../lib/step-forms';
import { draftText, useRegistrationDraft } from '../../stores/registration-draft';
import { StepForm, type StepNavigation } from '../step-form';
import { AdvisorFields } from './advisor-fields';

const DRAFT_FIELDS = { iban: 'iban' } as const;
const toUpperCase = (value: string) => value.toUpperCase();

/** The social security number, or the tax number instead; the other keeps what was typed. */
const NumberField = ({ user }: { readonly user: UserWithOnboarding }) => {
  const { t } = useTranslation();
  const useTaxNumber = useWatch({ name: 'useTaxNumber' }) === true;
  return (
    <TextField
      key={useTaxNumber ? 'taxNumber' : 'socialSecurityNumber'}
      label={useTaxNumber ? t('personalData.taxNumber') : t('personalData.socialSecurityNumber')}
      name={useTaxNumber ? 'taxNumber' : 'socialSecurityNumber'}
      inputMode="numeric"
      autoComplete="off"
      hint={useTaxNumber ? t('personalData.taxNumberHint') : t('personalData.socialSecurityNumberHint')}
      placeholder={useTaxNumber ? undefined : (user.personalInformation.socialSecurityNumber ?? undefined)}
    />
  );
};

/**
 * Spec sections 2 and 5, ComplianceDocuments: the four required confirmations (the PEP answer is
 * stored with `POST /api/v1/user/complianceInformation`), the Austrian social security number or a
 * tax number instead, the small-business-owner question, the payout IBAN, and who referred the user.
 */
export const ComplianceDocumentsStep = ({
  user,
  nav,
}: {
  readonly user: UserWithOnboarding;
  readonly nav: StepNavigation;
}) => {
  const { t } = useTranslation();
  const patch = useRegistrationDraft((state) => state.patchIdentity);
  const save = useSaveUserParts();
  const advisorSave = useUpdateFinancialAdvisor();
  const schema = useMemo(
    () => complianceForm(Boolean(user.personalInformation.socialSecurityNumber)),
    [user.personalInformation.socialSecurityNumber],
  );
  const draft = useRegistrationDraft.getState().identity;
  const form = useZodForm(schema, {
    defaultValues: {
      notPoliticallyExposed: draft.pep === false || user.PEP === false,
      notUsTaxResident: draft.usaTaxes === false,
      ownAccount: false,
      noMoneyLaundering: false,
      useTaxNumber: user.personalInformation.hasTaxNumberInsteadOfSocialSecurityNumber,
      socialSecurityNumber: '',
      taxNumber: '',
      VAT: user.account.VAT === null ? '' : user.account.VAT ? 'yes' : 'no',
      iban: draftText('iban', user.account.IBAN),
      advisorKind: 'none',
      advisorName: '',
    },
  });
  useIdentityDraft(form.watch, DRAFT_FIELDS);
  const useTaxNumber = useWatch({ control: form.control, name: 'useTaxNumber' });

  const submit = async (values: ComplianceValues) => {
    const number = values.useTaxNumber ? values.taxNumber : values.socialSecurityNumber;
    const numberCall =
      number.trim() === ''
        ? []
        : [
            personalInformationCalls.socialSecurityNumber(
              values.useTaxNumber ? { taxNumber: number } : { socialSecurityNumber: number },
            ),
          ];
    await save.mutateAsync([
      personalInformationCalls.pep({ PEP: false }),
      ...numberCall,
      personalInformationCalls.iban({ iban: values.iban, VAT: values.VAT === 'yes' }),
    ]);
    try {
      await advisorSave.mutateAsync(
        values.advisorKind === 'none'
          ? { kind: 'none' }
          : { kind: values.advisorKind, name: values.advisorName.trim() },
      );
      nav.onNext();
    } catch {
      showErrors(form, { fields: { advisorName: t('personalData.saveFailed') } });
    }
  };

  /** Switching keeps the number typed so far. */
  const switchNumber = (toTaxNumber: boolean) =>
    form.setValue(
      toTaxNumber ? 'taxNumber' : 'socialSecurityNumber',
      form.getValues(toTaxNumber ? 'socialSecurityNumber' : 'taxNumber'),
    );

  return (
    <StepForm
      title={t('personalData.complianceTitle')}
      text={t('personalData.complianceText')}
      form={form}
      onSubmit={submit}
      codeFields={{
        IBAN_INVALID: 'iban',
        SOCIAL_SECURITY_NUMBER_INVALID: useTaxNumber ? 'taxNumber' : 'socialSecurityNumber',
      }}
      onBack={nav.onBack}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-navy-900">{t('personalData.confirmationsTitle')}</legend>
        {REQUIRED_CONFIRMATIONS.map((name) => (
          <CheckboxField
            key={name}
            name={name}
            label={t(`personalData.${name}`)}
            boxed
            onValueChange={(checked) => {
              if (name === 'notPoliticallyExposed') patch({ pep: checked ? false : null });
              if (name === 'notUsTaxResident') patch({ usaTaxes: checked ? false : null });
            }}
          />
        ))}
      </fieldset>
      <NumberField user={user} />
      <CheckboxField
        name="useTaxNumber"
        label={t('personalData.useTaxNumber')}
        className="-mt-2"
        onValueChange={switchNumber}
      />
      <ChoiceField
        name="VAT"
        legend={t('personalData.smallBusinessOwner')}
        options={[
          { value: 'yes', label: t('personalData.yes') },
          { value: 'no', label: t('personalData.no') },
        ]}
      />
      <TextField
        label={t('personalData.iban')}
        name="iban"
        autoComplete="off"
        hint={t('personalData.ibanHint')}
        normalize={toUpperCase}
      />
      <AdvisorFields />
    </StepForm>
  );
};
