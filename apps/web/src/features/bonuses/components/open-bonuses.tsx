import type { OpenBonusView } from '@bw/contracts';
import { formatDate } from '@bw/i18n';
import { Button } from '../../../components/button';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { currentLocale, useTranslation } from '../../../lib/i18n';
import { useOpenBonuses } from '../api/get-open-bonuses';
import { useRateApp } from '../api/rate-app';

const percentOf = (progress: NonNullable<OpenBonusView['progress']>): number => {
  const target = BigInt(progress.target);
  if (target === 0n) return 100;
  const current = BigInt(progress.current);
  return Number(((current > target ? target : current) * 100n) / target);
};

/** The bands of a tiered promotion (the birthday bonus): each "up to" limit and its bonus, the applying one marked. */
const Tiers = ({ bonus }: { bonus: OpenBonusView }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  if (!bonus.tiers?.length) return null;
  return (
    <ol className="grid grid-cols-3 gap-2" aria-label={t('bonuses.tiersLabel')}>
      {bonus.tiers.map((tier) => {
        const reached = tier.applies;
        return (
          <li
            key={tier.invested}
            className={`flex flex-col rounded-xl p-2 text-center ring-1 ${reached ? 'bg-brand/10 ring-brand' : 'ring-navy-100'}`}
            data-reached={reached}
          >
            <span className="font-semibold tabular-nums text-navy-900">{format.eur(tier.bonus)}</span>
            <span className="text-xs text-navy-700">
              {t('bonuses.tierUpTo', { amount: format.eur(tier.invested) })}
            </span>
          </li>
        );
      })}
    </ol>
  );
};

/** The app-rating bonus: one tap confirms the rating and grants it while the campaign runs. */
const RateAppButton = () => {
  const { t } = useTranslation();
  const rate = useRateApp();
  return (
    <div className="flex flex-col gap-1">
      <Button className="self-start" disabled={rate.isPending} onClick={() => rate.mutate()}>
        {t('bonuses.rateApp')}
      </Button>
      {rate.isError ? (
        <span role="alert" className="text-xs text-red-700">
          {t('bonuses.rateAppFailed')}
        </span>
      ) : null}
    </div>
  );
};

/** The user's open bonuses with their progress (spec section 7, allOpenBonuses; issue 25). */
export const OpenBonuses = () => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const bonuses = useOpenBonuses();
  if (!bonuses.data || bonuses.data.length === 0) return null;
  return (
    <section aria-labelledby="open-bonuses-title" data-testid="open-bonuses" className="flex flex-col gap-3">
      <h2 id="open-bonuses-title" className="text-lg font-semibold text-navy-900">
        {t('bonuses.openTitle')}
      </h2>
      <ul className="flex flex-col gap-2">
        {bonuses.data.map((bonus) => (
          <li
            key={bonus.id}
            className="flex flex-col gap-2 rounded-2xl bg-white p-4 ring-1 ring-navy-100"
            data-testid="open-bonus"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="flex flex-col">
                <span className="font-semibold text-navy-900">{bonus.title}</span>
                <span className="text-xs text-navy-500">
                  {bonus.state === 'usable' ? t('bonuses.usable') : t('bonuses.earning')}
                  {bonus.validUntil
                    ? ` · ${t('bonuses.validUntil', { date: formatDate(new Date(bonus.validUntil), currentLocale()) })}`
                    : ''}
                </span>
              </div>
              <span className="font-semibold tabular-nums text-brand-text">{format.eur(bonus.amount)}</span>
            </div>
            {bonus.progress ? (
              <div className="flex flex-col gap-1">
                <div
                  className="h-2 rounded-full bg-navy-100"
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percentOf(bonus.progress)}
                  aria-label={bonus.title}
                >
                  <div className="h-2 rounded-full bg-brand" style={{ width: `${percentOf(bonus.progress)}%` }} />
                </div>
                <span className="text-xs text-navy-700">
                  {t('bonuses.progress', {
                    current: format.eur(bonus.progress.current),
                    target: format.eur(bonus.progress.target),
                  })}
                </span>
              </div>
            ) : null}
            <Tiers bonus={bonus} />
            {bonus.action === 'rateApp' ? <RateAppButton /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
};
