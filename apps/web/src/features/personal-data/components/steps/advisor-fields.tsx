import { useTranslation } from '../../../../lib/i18n';
import { TextField } from '../../../auth/components/text-field';
import { ADVISOR_KINDS, type AdvisorKind } from '../../api/update-financial-advisor';
import { ChoiceRow } from './choice-inputs';

export type AdvisorValue = { readonly kind: AdvisorKind; readonly name: string };

const labels = {
  none: 'personalData.advisorNone',
  financialAdvisor: 'personalData.advisorFinancialAdvisor',
  tipster: 'personalData.advisorTipster',
} as const satisfies Record<AdvisorKind, string>;

const isAdvisorKind = (value: string): value is AdvisorKind => (ADVISOR_KINDS as readonly string[]).includes(value);

/** Spec section 2, personal info: "financial advisor or tipster", with the person's name. */
export const AdvisorFields = ({
  value,
  error,
  onChange,
}: {
  readonly value: AdvisorValue;
  readonly error?: string | undefined;
  readonly onChange: (value: AdvisorValue) => void;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <ChoiceRow
        name="advisorKind"
        legend={t('personalData.advisorTitle')}
        options={ADVISOR_KINDS.map((kind) => ({ value: kind, label: t(labels[kind]) }))}
        value={value.kind}
        onChange={(kind) => {
          if (isAdvisorKind(kind)) onChange({ ...value, kind });
        }}
      />
      {value.kind !== 'none' && (
        <TextField
          label={t('personalData.advisorName')}
          name="advisorName"
          value={value.name}
          error={error}
          onChange={(event) => onChange({ ...value, name: event.target.value })}
        />
      )}
    </>
  );
};
