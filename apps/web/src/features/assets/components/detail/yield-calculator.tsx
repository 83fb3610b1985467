import type { AssetDetail } from '@bw/contracts';
import {
  calculateYield,
  MAX_CALCULATOR_YEARS,
  type ScenarioName,
  scenarioNames,
  sharesForAmountRoundedDown,
} from '@bw/domain';
import { useId, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { useFormat } from '../../hooks/use-format';
import {
  centsOf,
  DEFAULT_CALCULATOR_EUROS,
  readCalculatorAmount,
  useCalculatorAmountMessage,
} from './calculator-input';
import { FactList, Panel } from './fact-list';

const DEFAULT_YEARS = 10;
const scenarioLabel = { stress: 'scenarioStress', medium: 'scenarioMedium', optimistic: 'scenarioOptimistic' } as const;

type Props = {
  readonly asset: Pick<
    AssetDetail,
    'pricePerShareCents' | 'expectedOngoingDistributionBps' | 'scenarios' | 'durationYears'
  >;
};

/**
 * The yield calculator (spec section 2): whole shares for the amount, a yearly distribution and a
 * value per scenario, computed by the domain's `calculateYield` (rounding rules live there).
 */
export const YieldCalculator = ({ asset }: Props) => {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const [amount, setAmount] = useState(String(DEFAULT_CALCULATOR_EUROS));
  const [years, setYears] = useState(Math.min(asset.durationYears ?? DEFAULT_YEARS, MAX_CALCULATOR_YEARS));
  const [scenario, setScenario] = useState<ScenarioName>('medium');
  const typed = readCalculatorAmount(amount);
  const amountMessage = useCalculatorAmountMessage();
  const amountCents = centsOf(typed);
  const price = BigInt(asset.pricePerShareCents);
  const shares = amountCents === null || price <= 0n ? 0 : sharesForAmountRoundedDown(amountCents, price);
  const investedCents = price * BigInt(shares);
  const rates = asset.scenarios?.[scenario] ?? {
    distributionBps: asset.expectedOngoingDistributionBps,
    valueGrowthBps: 0,
  };
  const result =
    shares > 0
      ? calculateYield({
          investmentCents: investedCents,
          distributionBps: rates.distributionBps,
          valueGrowthBps: rates.valueGrowthBps,
          years,
        })
      : null;
  return (
    <Panel title={t('asset.yieldTitle')} id={`${id}-title`}>
      <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-navy-100">
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm font-medium text-navy-900">
            {t('asset.yieldAmount')}
            <input
              inputMode="numeric"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              aria-invalid={shares === 0}
              aria-describedby={`${id}-shares`}
              className="min-h-12 rounded-xl px-3 text-base tabular-nums ring-1 ring-inset ring-navy-300 focus:ring-2 focus:ring-brand"
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-navy-900">
            {t('asset.yieldYears')}
            <input
              type="number"
              min={1}
              max={MAX_CALCULATOR_YEARS}
              value={years}
              onChange={(event) => {
                const next = Number(event.target.value);
                if (Number.isInteger(next)) setYears(Math.min(Math.max(next, 1), MAX_CALCULATOR_YEARS));
              }}
              className="min-h-12 rounded-xl px-3 text-base tabular-nums ring-1 ring-inset ring-navy-300 focus:ring-2 focus:ring-brand"
            />
          </label>
        </div>
        {asset.scenarios ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-navy-900">{t('asset.yieldScenario')}</legend>
            <div className="flex flex-wrap gap-2">
              {scenarioNames.map((name) => (
                <label
                  key={name}
                  className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full px-4 text-sm font-medium ring-1 ring-inset ring-navy-300 has-[:checked]:bg-navy-900 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2"
                >
                  <input
                    type="radio"
                    name={`${id}-scenario`}
                    value={name}
                    checked={scenario === name}
                    onChange={() => setScenario(name)}
                    className="sr-only"
                  />
                  {t(`asset.${scenarioLabel[name]}`)}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <p id={`${id}-shares`} className="text-sm text-navy-700" aria-live="polite">
          {shares > 0
            ? t('asset.yieldShares', {
                shares: t('asset.sharesValue', { count: shares }),
                amount: format.eur(investedCents),
              })
            : amountMessage(typed)}
        </p>
        {result ? (
          <div data-testid="yield-result">
            <FactList
              facts={[
                {
                  label: t('asset.yieldDistributionPerYear'),
                  value: format.eur(result.years[0]?.distributionCents ?? 0n),
                },
                { label: t('asset.yieldTotalDistribution'), value: format.eur(result.totalDistributionCents) },
                { label: t('asset.yieldFinalValue'), value: format.eur(result.finalValueCents) },
                { label: t('asset.yieldTotalReturn'), value: format.eur(result.totalReturnCents) },
              ]}
            />
          </div>
        ) : null}
        <p className="text-xs leading-relaxed text-navy-700">{t('asset.yieldNote')}</p>
      </div>
    </Panel>
  );
};
