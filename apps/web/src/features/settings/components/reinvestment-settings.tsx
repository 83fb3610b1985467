import { Repeat } from 'lucide-react';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { useReinvestment } from '../../investments/api/reinvestment';
import { SettingsCard } from './settings-card';

/** The investor's reinvestment mandates and their status (issue 22, ADR 0034); switched in each investment. */
export const ReinvestmentSettings = () => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const overview = useReinvestment();
  const mandates = overview.data?.mandates ?? [];
  return (
    <SettingsCard
      icon={Repeat}
      title={t('accountSettings.reinvestTitle')}
      text={t('accountSettings.reinvestText')}
      testId="reinvestment-settings"
    >
      {mandates.length === 0 ? (
        <p className="text-sm text-navy-700">{t('accountSettings.reinvestEmpty')}</p>
      ) : (
        <ul className="divide-y divide-navy-100">
          {mandates.map((mandate) => (
            <li key={mandate.id} className="flex flex-col gap-0.5 py-2" data-testid="reinvestment-mandate">
              <span className="text-sm font-semibold text-navy-900">{mandate.assetTitle}</span>
              <span className="text-sm text-navy-700">
                {t(`accountSettings.reinvestStatus_${mandate.status}`)}
                {' · '}
                {t('accountSettings.reinvestLimitShort', { price: format.eur(mandate.maxPricePerShareCents) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
};
