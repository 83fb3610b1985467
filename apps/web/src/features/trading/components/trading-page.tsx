import type { AssetDetail } from '@bw/contracts';
import { RefreshCw, SearchX } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { Button, buttonClass } from '../../../components/button';
import { StatusPage } from '../../../components/status-page';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useAsset } from '../../assets/api/get-asset';
import { MARKET_PARAM, type MarketTab, marketTabOf, marketTabs, PURCHASE_PARAM } from '../lib/market-tabs';
import { OffersPlaceholder } from './offers-placeholder';
import { PrimaryMarketPanel } from './primary-market-panel';
import { PurchaseProgress } from './purchase-progress';

export type MarketPanelProps = { readonly asset: AssetDetail };

/**
 * The buy and sell tabs belong to the bulletin board (built in features/bulletin-board); its panels
 * plug in here. Until then they show the offers count.
 */
export type MarketPanels = {
  readonly buy?: ComponentType<MarketPanelProps>;
  readonly sell?: ComponentType<MarketPanelProps>;
};

const tabLabel: Record<MarketTab, 'trading.tabPrimary' | 'trading.tabBuy' | 'trading.tabSell'> = {
  primary: 'trading.tabPrimary',
  buy: 'trading.tabBuy',
  sell: 'trading.tabSell',
};

const MarketTabNav = ({ current }: { readonly current: MarketTab }) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const search = (tab: MarketTab) => {
    const next = new URLSearchParams(params);
    next.set(MARKET_PARAM, tab);
    next.delete(PURCHASE_PARAM);
    return `?${next}`;
  };
  return (
    <nav aria-label={t('trading.marketTabs')}>
      <ul className="grid grid-cols-3 gap-1 rounded-2xl bg-navy-100 p-1">
        {marketTabs.map((tab) => (
          <li key={tab}>
            <Link
              to={search(tab)}
              replace
              aria-current={current === tab ? 'page' : undefined}
              className={`flex min-h-11 items-center justify-center rounded-xl px-2 text-sm font-semibold transition ${
                current === tab ? 'bg-white text-navy-900 shadow-sm' : 'text-navy-700 hover:text-navy-900'
              }`}
            >
              {t(tabLabel[tab])}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
};

const TradingBody = ({ asset, panels }: { readonly asset: AssetDetail; readonly panels: MarketPanels }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const [params] = useSearchParams();
  const tab = marketTabOf(params.get(MARKET_PARAM), asset.stage);
  const purchaseId = params.get(PURCHASE_PARAM);
  const Panel = tab === 'primary' ? null : panels[tab];
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6 md:px-8 md:py-10">
      <header className="flex flex-col gap-3">
        <BackLink to={href({ key: 'asset', params: { id: asset.id } })}>{t('trading.back')}</BackLink>
        <div className="flex items-center gap-4">
          {asset.imageUrl ? (
            <img src={asset.imageUrl} alt="" className="size-14 shrink-0 rounded-2xl object-cover md:size-16" />
          ) : null}
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-navy-900 md:text-3xl">{asset.title}</h1>
            <p className="truncate text-sm text-navy-700">{asset.subtitle}</p>
          </div>
        </div>
      </header>
      {purchaseId ? null : <MarketTabNav current={tab} />}
      {purchaseId ? (
        <PurchaseProgress transactionId={purchaseId} asset={asset} />
      ) : tab === 'primary' ? (
        <PrimaryMarketPanel asset={asset} />
      ) : Panel ? (
        <Panel asset={asset} />
      ) : (
        <OffersPlaceholder assetId={asset.id} />
      )}
    </div>
  );
};

/** Spec section 2, `trading/{id}`: the market tabs (primary, buy, sell) of one asset. */
export const TradingPage = ({ panels = {} }: { readonly panels?: MarketPanels }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const id = useParams().id ?? '';
  const asset = useAsset(id);
  if (asset.isPending)
    return (
      <div aria-busy="true" className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6 md:px-8 md:py-10">
        <span className="sr-only">{t('trading.loading')}</span>
        <div className="h-16 w-2/3 animate-pulse rounded-2xl bg-navy-100" />
        <div className="h-12 animate-pulse rounded-2xl bg-navy-100" />
        <div className="h-64 animate-pulse rounded-3xl bg-navy-100" />
      </div>
    );
  if (asset.isError)
    return (
      <StatusPage icon={SearchX} title={t('trading.loadError')} text={t('trading.errorGeneric')}>
        <Button variant="secondary" onClick={() => void asset.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('common.retry')}
        </Button>
        <Link to={href({ key: 'marketplace' })} className={buttonClass('ghost')}>
          {t('common.backToMarketplace')}
        </Link>
      </StatusPage>
    );
  return <TradingBody asset={asset.data} panels={panels} />;
};

export const Component = () => <TradingPage />;
