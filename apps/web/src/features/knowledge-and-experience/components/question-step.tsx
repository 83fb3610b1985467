import {
  averageAmountPerTransactionValues,
  type ExperienceDuration,
  experienceDurations,
  investHorizons,
  investmentCapitalValues,
  investmentServices,
  kaeProducts,
  riskAppetites,
  transactionsPerYearValues,
} from '@bw/domain';
import { useTranslation } from '../../../lib/i18n';
import type { Draft, StepKey } from '../lib/questionnaire';
import { ChoiceField, MultiChoiceField } from './choice-fields';

type Props = { readonly step: StepKey; readonly draft: Draft; readonly onChange: (draft: Draft) => void };

/** The questions of one step (spec section 3 answer sets, section 4 steps). */
export const QuestionStep = ({ step, draft, onChange }: Props) => {
  const { t } = useTranslation();
  const set = (change: Partial<Draft>) => onChange({ ...draft, ...change });
  const products = kaeProducts.map((value) => ({ value, label: t(`kaeProducts.${value}`) }));
  const durations = experienceDurations.map((value) => ({ value, label: t(`kaeDurations.${value}`) }));
  const transactions = transactionsPerYearValues.map((value) => ({ value, label: t(`kaeTransactions.${value}`) }));
  const productList = (legend: string) => (
    <MultiChoiceField
      legend={legend}
      hint={t('kae.noneHint')}
      options={products}
      values={draft.products}
      onChange={(values) => set({ products: values })}
    />
  );
  const transactionCount = (
    <ChoiceField
      legend={t('kae.qTransactionsPerYear')}
      options={transactions}
      value={draft.transactionsPerYear}
      onChange={(value) => set({ transactionsPerYear: value })}
    />
  );

  switch (step) {
    case 'basicQuestions':
      return (
        <div className="flex flex-col gap-8">
          {productList(t('kae.qKnownProducts'))}
          <ChoiceField
            legend={t('kae.qExperienceDuration')}
            options={durations}
            value={draft.experienceDuration}
            onChange={(value) => set({ experienceDuration: value })}
          />
          {transactionCount}
        </div>
      );
    case 'riskAppetite':
      return (
        <ChoiceField
          legend={t('kae.qRiskAppetite')}
          options={riskAppetites.map((value) => ({ value, label: t(`kaeRiskAppetites.${value}`) }))}
          value={draft.riskAppetite}
          onChange={(value) => set({ riskAppetite: value })}
        />
      );
    case 'investHorizon':
      return (
        <ChoiceField
          legend={t('kae.qInvestHorizon')}
          options={investHorizons.map((value) => ({ value, label: t(`kaeHorizons.${value}`) }))}
          value={draft.investHorizon}
          onChange={(value) => set({ investHorizon: value })}
        />
      );
    case 'investmentCapital':
      return (
        <ChoiceField
          legend={t('kae.qInvestmentCapital')}
          options={investmentCapitalValues.map((value) => ({ value, label: t(`kaeCapital.${value}`) }))}
          value={draft.investmentCapital}
          onChange={(value) => set({ investmentCapital: value })}
        />
      );
    case 'financialProducts':
      return productList(t('kae.qFinancialProducts'));
    case 'specificProducts':
      return (
        <div className="flex flex-col gap-8">
          <p className="text-base text-navy-700">{t('kae.qSpecificProducts')}</p>
          {kaeProducts
            .filter((product) => draft.products.includes(product))
            .map((product) => (
              <ChoiceField<ExperienceDuration>
                key={product}
                legend={t(`kaeProducts.${product}`)}
                options={durations}
                value={draft.productExperience[product]}
                onChange={(value) => set({ productExperience: { ...draft.productExperience, [product]: value } })}
              />
            ))}
        </div>
      );
    case 'investmentServices':
      return (
        <div className="flex flex-col gap-8">
          <p className="text-base text-navy-700">{t('kae.qInvestmentServices')}</p>
          {investmentServices.map((service) => (
            <ChoiceField<ExperienceDuration>
              key={service}
              legend={t(`kaeServices.${service}`)}
              options={durations}
              value={draft.serviceExperience[service]}
              onChange={(value) => set({ serviceExperience: { ...draft.serviceExperience, [service]: value } })}
            />
          ))}
        </div>
      );
    case 'transactionCount':
      return transactionCount;
    case 'investmentPerTransaction':
      return (
        <ChoiceField
          legend={t('kae.qInvestmentPerTransaction')}
          options={averageAmountPerTransactionValues.map((value) => ({ value, label: t(`kaeAmounts.${value}`) }))}
          value={draft.averageAmount}
          onChange={(value) => set({ averageAmount: value })}
        />
      );
  }
};
