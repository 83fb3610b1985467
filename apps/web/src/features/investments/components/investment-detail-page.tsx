import { CircleAlert, ShoppingCart } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { Button, buttonClass } from '../../../components/button';
import { StatusPage } from '../../../components/status-page';
import { useScreenHref } from '../../../hooks/use-family';
import { useMoneyFormat } from '../../../hooks/use-money-format';
import { useTranslation } from '../../../lib/i18n';
import { useInvestments } from '../api/get-investments';
import { AssetDistributions } from './distributions';
import { PurchaseList } from './purchase-card';
import { RegisterProof } from './register-proof';
import { ReinvestmentToggle } from './reinvestment-toggle';

/**
 * Spec section 2: investment/{id} (and building-, powerplant-portfolio- and partner-investment):
 * one holding (shares, available shares, value, collected rent) and the purchases of that asset.
 */
export const InvestmentDetailPage = () => {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const href = useScreenHref();
  const assetId = useParams().id ?? '';
  const investments = useInvestments();
  if (investments.isPending)
    return (
      <div aria-busy="true" className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 sm:px-8 sm:py-10">
        <span className="sr-only">{t('investments.loading')}</span>
        <div className="h-10 w-2/3 animate-pulse rounded bg-navy-100" />
        <div className="h-40 animate-pulse rounded-3xl bg-navy-100" />
      </div>
    );
  if (investments.isError)
    return (
      <StatusPage icon={CircleAlert} tone="danger" title={t('investments.loadError')} text={t('trading.errorGeneric')}>
        <Button onClick={() => void investments.refetch()}>{t('common.retry')}</Button>
      </StatusPage>
    );
  const data = investments.data;
  const holding = data.holdings.find((item) => item.assetId === assetId);
  const purchases = [...data.openPurchases, ...data.pastPurchases].filter((item) => item.assetId === assetId);
  const title = holding?.title ?? purchases[0]?.assetTitle ?? assetId;
  const facts = holding
    ? [
        { label: t('investments.detailShares'), value: String(holding.shares), testId: 'detail-shares' },
        { label: t('investments.detailAvailable'), value: String(holding.availableShares), testId: 'detail-available' },
        { label: t('investments.detailPrice'), value: format.eur(holding.pricePerShare), testId: 'detail-price' },
        { label: t('investments.value'), value: format.eur(holding.value), testId: 'detail-value' },
        { label: t('investments.collectedRent'), value: format.eur(holding.collectedRent), testId: 'detail-rent' },
        { label: t('investments.irr'), value: format.percentBps(holding.irrBps), testId: 'detail-irr' },
        {
          label: t('investments.totalReturn'),
          value: format.percentBps(holding.totalReturnBps),
          testId: 'detail-total-return',
        },
      ]
    : [];
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10">
      <BackLink to={href({ key: 'investments' })}>{t('investments.detailBack')}</BackLink>
      <div className="flex items-center gap-4">
        {holding?.image ? <img src={holding.image} alt="" className="size-16 rounded-2xl object-cover" /> : null}
        <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">{title}</h1>
      </div>
      {holding ? (
        <dl className="divide-y divide-navy-100 rounded-3xl bg-white px-5 shadow-sm ring-1 ring-navy-100">
          {facts.map((fact) => (
            <div key={fact.label} className="flex items-baseline justify-between gap-4 py-3">
              <dt className="text-sm text-navy-700">{fact.label}</dt>
              <dd className="text-right text-base font-semibold tabular-nums text-navy-900" data-testid={fact.testId}>
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="rounded-2xl bg-white p-4 text-sm text-navy-700 ring-1 ring-navy-100">
          {t('investments.detailNone')}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Link to={href({ key: 'trading', params: { id: assetId } })} className={buttonClass('primary', true)}>
          <ShoppingCart aria-hidden="true" className="size-5" />
          {t('investments.buyMore')}
        </Link>
        <Link to={href({ key: 'asset', params: { id: assetId } })} className={buttonClass('secondary', true)}>
          {t('investments.toAsset')}
        </Link>
      </div>
      {holding ? <ReinvestmentToggle assetId={assetId} pricePerShare={holding.pricePerShare} /> : null}
      <AssetDistributions assetId={assetId} />
      {holding ? <RegisterProof assetId={assetId} /> : null}
      <section aria-labelledby="detail-purchases" className="flex flex-col gap-3">
        <h2 id="detail-purchases" className="text-lg font-semibold text-navy-900">
          {t('investments.detailPurchases')}
        </h2>
        {purchases.length === 0 ? (
          <p className="rounded-2xl bg-white p-4 text-sm text-navy-700 ring-1 ring-navy-100">
            {t('investments.detailPurchasesEmpty')}
          </p>
        ) : (
          <PurchaseList purchases={purchases} />
        )}
      </section>
    </div>
  );
};

export const Component = InvestmentDetailPage;
