import { formatNumber } from '@bw/i18n';
import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { currentLocale, useTranslation } from '../../../lib/i18n';
import { type DraftAsset, minimumSharesOf, parseSharesInput, type SharesProblem } from '../lib/purchase-draft';

type Props = {
  readonly asset: DraftAsset;
  readonly shares: number;
  readonly problem: SharesProblem;
  readonly onChange: (shares: number) => void;
};

const stepClass =
  'grid size-12 shrink-0 place-items-center rounded-xl text-navy-900 ring-1 ring-inset ring-navy-300 hover:bg-navy-100 disabled:opacity-40';

/** Amount in shares with price per share, availability and the minimum subscription (spec sections 2 and 5). */
export const AmountCard = ({ asset, shares, problem, onChange }: Props) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const inputId = useId();
  const hintId = useId();
  const minimum = minimumSharesOf(asset);
  const count = (value: number) => formatNumber(value, currentLocale(), 0);
  const facts = [
    { label: t('trading.pricePerShare'), value: format.eur(asset.pricePerShareCents), testId: 'price-per-share' },
    {
      label: t('trading.minimum'),
      value: t('trading.minimumValue', {
        count: asset.minimumSubscriptionShares,
        value: count(asset.minimumSubscriptionShares),
      }),
      testId: 'minimum-shares',
    },
    {
      label: t('trading.available'),
      value: t('trading.availableValue', { count: asset.availableShares, value: count(asset.availableShares) }),
      testId: 'available-shares',
    },
  ];
  return (
    <section className="flex flex-col gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-navy-100 md:p-6">
      <label htmlFor={inputId} className="text-base font-semibold text-navy-900">
        {t('trading.sharesLabel')}
      </label>
      <div className="flex items-center gap-3">
        <button
          type="button"
          className={stepClass}
          aria-label={t('trading.sharesLess')}
          disabled={shares <= minimum}
          onClick={() => onChange(Math.max(minimum, shares - 1))}
        >
          <Minus aria-hidden="true" className="size-5" />
        </button>
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          value={shares === 0 ? '' : String(shares)}
          onChange={(event) => onChange(parseSharesInput(event.target.value))}
          aria-invalid={problem !== null}
          aria-describedby={problem ? hintId : undefined}
          className="h-12 min-w-0 flex-1 rounded-xl border border-navy-300 bg-white px-4 text-center text-2xl font-bold tabular-nums text-navy-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
        />
        <button
          type="button"
          className={stepClass}
          aria-label={t('trading.sharesMore')}
          disabled={shares >= asset.availableShares}
          onClick={() => onChange(Math.min(asset.availableShares, shares + 1))}
        >
          <Plus aria-hidden="true" className="size-5" />
        </button>
      </div>
      {problem ? (
        <p id={hintId} role="alert" className="-mt-1 text-sm font-medium text-danger">
          {problem === 'belowMinimum' ? t('trading.belowMinimum', { count: minimum }) : t('trading.aboveAvailable')}
        </p>
      ) : null}
      <dl className="grid grid-cols-3 gap-2 text-center">
        {facts.map((fact) => (
          <div key={fact.label} className="rounded-xl bg-navy-100/60 px-2 py-3">
            <dt className="text-xs text-navy-700">{fact.label}</dt>
            <dd className="mt-1 text-sm font-semibold tabular-nums text-navy-900" data-testid={fact.testId}>
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
};
