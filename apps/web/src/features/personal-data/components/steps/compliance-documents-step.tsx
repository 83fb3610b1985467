import type { UserWithOnboarding } from '@bw/contracts';
import { REQUIRED_CONFIRMATIONS } from '@bw/domain';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { TextField } from '../../../auth/components/text-field';
import { personalInformationCalls } from '../../api/personal-information-calls';
import { type AdvisorKind, useUpdateFinancialAdvisor } from '../../api/update-financial-advisor';
import { useStepSave } from '../../hooks/use-step-save';
import { useDraftField, useRegistrationDraft } from '../../stores/registration-draft';
import { StepForm, type StepNavigation } from '../step-form';
import { AdvisorFields } from './advisor-fields';
import { ChoiceRow, ConfirmationBox } from './choice-inputs';

type Confirmation = (typeof REQUIRED_CONFIRMATIONS)[number];
const FIELDS = [...REQUIRED_CONFIRMATIONS, 'socialSecurityNumber', 'taxNumber', 'VAT', 'iban', 'advisorName'] as const;
type Field = (typeof FIELDS)[number];

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
  const draft = useRegistrationDraft((state) => state.identity);
  const patch = useRegistrationDraft((state) => state.patchIdentity);
  const [confirmed, setConfirmed] = useState<Record<Confirmation, boolean>>({
    notPoliticallyExposed: draft.pep === false || user.PEP === false,
    notUsTaxResident: draft.usaTaxes === false,
    ownAccount: false,
    noMoneyLaundering: false,
  });
  const [useTaxNumber, setUseTaxNumber] = useState(user.personalInformation.hasTaxNumberInsteadOfSocialSecurityNumber);
  const [number, setNumber] = useState('');
  const [vat, setVat] = useState<boolean | null>(user.account.VAT);
  const [iban, setIban] = useDraftField('iban', user.account.IBAN);
  const [advisor, setAdvisor] = useState<{ kind: AdvisorKind; name: string }>({ kind: 'none', name: '' });
  const advisorSave = useUpdateFinancialAdvisor();
  const { errors, saving, run, showErrors } = useStepSave<Field>(FIELDS, {
    IBAN_INVALID: 'iban',
    SOCIAL_SECURITY_NUMBER_INVALID: useTaxNumber ? 'taxNumber' : 'socialSecurityNumber',
  });
  const numberField = useTaxNumber ? 'taxNumber' : 'socialSecurityNumber';

  const confirm = (name: Confirmation, checked: boolean) => {
    setConfirmed((current) => ({ ...current, [name]: checked }));
    if (name === 'notPoliticallyExposed') patch({ pep: checked ? false : null });
    if (name === 'notUsTaxResident') patch({ usaTaxes: checked ? false : null });
  };

  const clientErrors = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    for (const name of REQUIRED_CONFIRMATIONS) {
      if (!confirmed[name]) found[name] = t('personalData.confirmationRequired');
    }
    if (number.trim() === '' && !user.personalInformation.socialSecurityNumber) {
      found[numberField] = t('personalData.required');
    }
    if (vat === null) found.VAT = t('personalData.required');
    if (iban.trim() === '') found.iban = t('personalData.required');
    if (advisor.kind !== 'none' && advisor.name.trim() === '') found.advisorName = t('personalData.required');
    return found;
  };

  const submit = async () => {
    const found = clientErrors();
    if (Object.keys(found).length > 0) return showErrors(found);
    const numberCall =
      number.trim() === ''
        ? []
        : [
            personalInformationCalls.socialSecurityNumber(
              useTaxNumber ? { taxNumber: number } : { socialSecurityNumber: number },
            ),
          ];
    const saved = await run(
      [personalInformationCalls.pep({ PEP: false }), ...numberCall, personalInformationCalls.iban({ iban, VAT: vat })],
      () => {},
    );
    if (!saved) return;
    try {
      await advisorSave.mutateAsync(
        advisor.kind === 'none' ? { kind: 'none' } : { kind: advisor.kind, name: advisor.name.trim() },
      );
      nav.onNext();
    } catch {
      showErrors({ advisorName: t('personalData.saveFailed') });
    }
  };

  return (
    <StepForm
      title={t('personalData.complianceTitle')}
      text={t('personalData.complianceText')}
      saving={saving || advisorSave.isPending}
      formError={errors.form}
      onBack={nav.onBack}
      onSubmit={() => void submit()}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-navy-900">{t('personalData.confirmationsTitle')}</legend>
        {REQUIRED_CONFIRMATIONS.map((name) => (
          <ConfirmationBox
            key={name}
            name={name}
            label={t(`personalData.${name}`)}
            checked={confirmed[name]}
            error={errors.fields[name]}
            onChange={(checked) => confirm(name, checked)}
          />
        ))}
      </fieldset>
      <TextField
        label={useTaxNumber ? t('personalData.taxNumber') : t('personalData.socialSecurityNumber')}
        name={numberField}
        inputMode="numeric"
        autoComplete="off"
        hint={useTaxNumber ? t('personalData.taxNumberHint') : t('personalData.socialSecurityNumberHint')}
        placeholder={useTaxNumber ? undefined : (user.personalInformation.socialSecurityNumber ?? undefined)}
        value={number}
        error={errors.fields[numberField]}
        onChange={(event) => setNumber(event.target.value)}
      />
      <label className="-mt-2 flex items-start gap-3 text-sm text-navy-900">
        <input
          type="checkbox"
          name="useTaxNumber"
          className="mt-0.5 size-5 shrink-0 accent-[var(--bw-brand)]"
          checked={useTaxNumber}
          onChange={(event) => setUseTaxNumber(event.target.checked)}
        />
        {t('personalData.useTaxNumber')}
      </label>
      <ChoiceRow
        name="VAT"
        legend={t('personalData.smallBusinessOwner')}
        options={[
          { value: 'yes', label: t('personalData.yes') },
          { value: 'no', label: t('personalData.no') },
        ]}
        value={vat === null ? null : vat ? 'yes' : 'no'}
        error={errors.fields.VAT}
        onChange={(value) => setVat(value === 'yes')}
      />
      <TextField
        label={t('personalData.iban')}
        name="iban"
        autoComplete="off"
        hint={t('personalData.ibanHint')}
        value={iban}
        error={errors.fields.iban}
        onChange={(event) => setIban(event.target.value.toUpperCase())}
      />
      <AdvisorFields value={advisor} error={errors.fields.advisorName} onChange={setAdvisor} />
    </StepForm>
  );
};
