import type { InvestmentsView } from '@bw/contracts';
import { Building2, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useScreenHref } from '../../../hooks/use-family';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { investmentScreenOf } from '../lib/investment-screen';

export type Holding = InvestmentsView['holdings'][number];

/** One asset the user holds: shares, value and collected rent; opens its investment screen. */
export const HoldingCard = ({ holding }: { readonly holding: Holding }) => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const href = useScreenHref();
  return (
    <li data-testid="holding" data-asset-id={holding.assetId}>
      <Link
        to={href({ key: investmentScreenOf(holding.securityType), params: { id: holding.assetId } })}
        className="flex items-center gap-4 rounded-2xl bg-white p-4 ring-1 ring-navy-100 hover:ring-navy-300"
      >
        {holding.image ? (
          <img src={holding.image} alt="" loading="lazy" className="size-14 shrink-0 rounded-xl object-cover" />
        ) : (
          <span className="grid size-14 shrink-0 place-items-center rounded-xl bg-navy-100 text-navy-500">
            <Building2 aria-hidden="true" className="size-6" />
          </span>
        )}
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="line-clamp-2 text-sm font-semibold text-navy-900">{holding.title}</span>
          <span className="text-xs text-navy-700" data-testid="holding-shares">
            {t('investments.shares', { count: holding.shares })}
          </span>
          <span className="text-xs text-navy-700">
            {t('investments.collectedRent')}: {format.eur(holding.collectedRent)}
          </span>
        </span>
        <span className="flex flex-col items-end">
          <span className="text-xs text-navy-700">{t('investments.value')}</span>
          <span className="text-base font-semibold tabular-nums text-navy-900" data-testid="holding-value">
            {format.eur(holding.value)}
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-navy-500" />
      </Link>
    </li>
  );
};
