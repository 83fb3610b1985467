import type { AssetDetail } from '@bw/contracts';
import { calculateEnergyImpact } from '@bw/domain';
import { useId, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { useEnergyData } from '../../api/get-energy-data';
import { useFormat } from '../../hooks/use-format';
import {
  centsOf,
  DEFAULT_CALCULATOR_EUROS,
  readCalculatorAmount,
  useCalculatorAmountMessage,
} from './calculator-input';
import { FactList, Panel } from './fact-list';

type Props = {
  readonly asset: Pick<
    AssetDetail,
    'id' | 'pricePerShareCents' | 'totalShares' | 'expectedAnnualProductionKwh' | 'energyData'
  >;
};

/**
 * The energy-impact calculator for power plants (spec sections 2 and 9): the investor's part of the
 * yearly production in household terms, by the domain's `calculateEnergyImpact`; below it the
 * plant's measured production from the energy data.
 */
export const EnergyCalculator = ({ asset }: Props) => {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const [amount, setAmount] = useState(String(DEFAULT_CALCULATOR_EUROS));
  const energy = useEnergyData(asset.id, asset.energyData !== null);
  const annualKwh = asset.expectedAnnualProductionKwh ?? asset.energyData?.expectedAnnualProductionKwh ?? 0;
  const typed = readCalculatorAmount(amount);
  const amountMessage = useCalculatorAmountMessage();
  const amountCents = centsOf(typed);
  const impact =
    amountCents !== null && annualKwh > 0 && asset.totalShares > 0 && BigInt(asset.pricePerShareCents) > 0n
      ? calculateEnergyImpact({
          investmentCents: amountCents,
          pricePerShareCents: BigInt(asset.pricePerShareCents),
          totalShares: asset.totalShares,
          annualProductionKwh: annualKwh,
        })
      : null;
  return (
    <Panel title={t('asset.energyTitle')} id={`${id}-title`}>
      <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-navy-100">
        <label className="flex flex-col gap-1 text-sm font-medium text-navy-900">
          {t('asset.yieldAmount')}
          <input
            inputMode="numeric"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={impact === null || impact.sharesCount === 0}
            className="min-h-12 rounded-xl px-3 text-base tabular-nums ring-1 ring-inset ring-navy-300 focus:ring-2 focus:ring-brand"
          />
        </label>
        {impact && impact.sharesCount > 0 ? (
          <div data-testid="energy-result" className="flex flex-col gap-2">
            <p className="text-sm text-navy-700">{t('asset.energyText')}</p>
            <FactList
              facts={[
                {
                  label: t('asset.sharesValue', { count: impact.sharesCount }),
                  value: t('asset.kwhValue', { value: format.count(impact.kwh) }),
                },
                {
                  label: t('asset.energyHouseholds'),
                  // Less than a hundredth of a household is not "0,00" households (issue 34).
                  value:
                    impact.householdsHundredths === 0 && impact.kwh > 0
                      ? t('asset.energyHouseholdsBelow', { value: format.decimal(0.01, 2) })
                      : format.decimal(impact.householdsHundredths / 100, 2),
                },
                { label: t('asset.energyWashing'), value: format.count(impact.washingCycles) },
                { label: t('asset.energyCar'), value: format.count(impact.electricCarKm) },
                { label: t('asset.energyPhone'), value: format.count(impact.phoneChargingYears) },
                { label: t('asset.energyStreaming'), value: format.count(impact.streamingHours) },
              ]}
            />
          </div>
        ) : (
          <p className="text-sm text-navy-700" aria-live="polite">
            {amountMessage(typed)}
          </p>
        )}
        {energy.data && energy.data.totals.last365DaysKwh === 0 ? (
          <div className="flex flex-col gap-2">
            <h3 className="text-base font-semibold text-navy-900">{t('asset.energyProductionTitle')}</h3>
            <p className="text-sm text-navy-700" data-testid="energy-no-production">
              {t('asset.energyNoProduction')}
            </p>
          </div>
        ) : energy.data ? (
          <div className="flex flex-col gap-2">
            <h3 className="text-base font-semibold text-navy-900">{t('asset.energyProductionTitle')}</h3>
            <FactList
              facts={[
                {
                  label: t('asset.energyLast30Days'),
                  value: t('asset.kwhValue', { value: format.count(energy.data.totals.last30DaysKwh) }),
                },
                {
                  label: t('asset.energyLast365Days'),
                  value: t('asset.kwhValue', { value: format.count(energy.data.totals.last365DaysKwh) }),
                },
              ]}
            />
            <p className="text-sm text-navy-700">
              {t('asset.energyPlantImpact', {
                households: format.decimal(energy.data.impact.householdsHundredths / 100, 2),
              })}
            </p>
          </div>
        ) : energy.isPending && asset.energyData ? (
          <p aria-busy="true" className="h-20 animate-pulse rounded-2xl bg-navy-100">
            <span className="sr-only">{t('asset.energyLoading')}</span>
          </p>
        ) : null}
        <p className="text-xs leading-relaxed text-navy-700">{t('asset.energyAssumptions')}</p>
      </div>
    </Panel>
  );
};
