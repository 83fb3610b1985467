import { useWatch } from 'react-hook-form';
import { ChoiceField, TextField } from '../../../../components/form';
import { useTranslation } from '../../../../lib/i18n';
import { ADVISOR_KINDS, type AdvisorKind } from '../../api/update-financial-advisor';

const labels = {
  none: 'personalData.advisorNone',
  financialAdvisor: 'personalData.advisorFinancialAdvisor',
  tipster: 'personalData.advisorTipster',
} as const satisfies Record<AdvisorKind, string>;

/**
 * Spec section 2, personal info: "financial advisor or tipster", with the person's name; the fields
 * `advisorKind` and `advisorName` of the surrounding form.
 */
export const AdvisorFields = () => {
  const { t } = useTranslation();
  const kind: unknown = useWatch({ name: 'advisorKind' });
  return (
    <>
      <ChoiceField
        name="advisorKind"
        legend={t('personalData.advisorTitle')}
        options={ADVISOR_KINDS.map((value) => ({ value, label: t(labels[value]) }))}
      />
      {kind !== 'none' && <TextField label={t('personalData.advisorName')} name="advisorName" />}
    </>
  );
};
