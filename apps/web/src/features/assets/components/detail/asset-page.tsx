import type { AssetDetail } from '@bw/contracts';
import { availableBricks, isPowerPlantTemplate } from '@bw/domain';
import { RefreshCw, SearchX } from 'lucide-react';
import { lazy, Suspense, useDeferredValue } from 'react';
import { Link, NavLink, useMatches, useParams } from 'react-router';
import { Button, buttonClass } from '../../../../components/button';
import { StatusPage } from '../../../../components/status-page';
import type { RouteHandle } from '../../../../config/route-handle';
import { useFamily, useScreenHref } from '../../../../hooks/use-family';
import { useFeatureFlag } from '../../../../hooks/use-feature-flag';
import { ApiError } from '../../../../lib/api-client';
import { ensureFeatureTexts, useTranslation } from '../../../../lib/i18n';
import { useAsset } from '../../api/get-asset';
import { useFormat } from '../../hooks/use-format';
import { AssetHeader, AssetLoading, assetPageClass, useCachedSummary } from '../asset-header';
import { Deferred } from '../deferred';
import { financedRatio } from '../financing-progress';
import {
  type AssetTabId,
  type AssetView,
  assetTabs,
  assetViewFor,
  overviewIncludes,
  tabRef,
  tabsForFamily,
} from './asset-tabs';
import { DocumentsSection, LocationSection, MyInvestmentSection, RecordsSection } from './content-sections';
import { EnergyCalculator } from './energy-calculator';
import { Panel } from './fact-list';
import {
  AssetInfoSection,
  ImprintSection,
  InvestmentInfoSection,
  RentInfoSection,
  ScenariosSection,
} from './fact-sections';
import { InvestAction } from './invest-action';
import { PriceChart } from './price-chart';
import { ProductionChart } from './production-chart';
import { YieldCalculator } from './yield-calculator';

type Props = { readonly asset: AssetDetail };

/** The forum (issue 24) and its forms load only when its tab or section is shown. */
const ForumSection = lazy(() =>
  Promise.all([import('../../../forum/components/forum-section'), ensureFeatureTexts()]).then(([module]) => module),
);
const Forum = ({ asset }: Props) => (
  <Suspense fallback={<div aria-hidden="true" className="h-32 animate-pulse rounded-2xl bg-navy-100" />}>
    <ForumSection assetId={asset.id} />
  </Suspense>
);

const KeyFacts = ({ asset }: Props) => {
  const { t } = useTranslation();
  const format = useFormat();
  const ratio = financedRatio(asset);
  const facts = [
    { label: t('assetCard.pricePerShare'), value: format.eur(asset.pricePerShareCents) },
    { label: t('assetCard.availableBricks'), value: format.count(availableBricks(asset)) },
    { label: t('assetCard.expectedReturn'), value: format.bps(asset.expectedOngoingDistributionBps) },
    { label: t(asset.stage === 'primary' ? 'assetCard.primary' : 'assetCard.secondary'), value: format.ratio(ratio) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {facts.map((fact) => (
        <div key={fact.label} className="flex flex-col gap-1 rounded-2xl bg-white p-4 ring-1 ring-navy-100">
          <dt className="text-xs text-navy-700">{fact.label}</dt>
          <dd className="text-xl font-semibold tabular-nums text-navy-900">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
};

const Overview = ({ asset }: Props) => {
  const { t } = useTranslation();
  const family = useFamily();
  const chart = useFeatureFlag('enableChart');
  return (
    <div className="flex flex-col gap-6">
      <Panel title={t('asset.description')} id="description-title">
        <p className="text-base leading-relaxed text-navy-700">{asset.description}</p>
      </Panel>
      {chart ? <PriceChart assetId={asset.id} /> : null}
      <YieldCalculator asset={asset} />
      {isPowerPlantTemplate(asset.templateKind) ? <ProductionChart asset={asset} /> : null}
      {isPowerPlantTemplate(asset.templateKind) ? <EnergyCalculator asset={asset} /> : null}
      <ScenariosSection asset={asset} />
      {overviewIncludes(family, 'documents') ? <DocumentsSection asset={asset} /> : null}
      {overviewIncludes(family, 'myInvestment') ? <MyInvestmentSection asset={asset} /> : null}
      {overviewIncludes(family, 'forum') ? <Forum asset={asset} /> : null}
    </div>
  );
};

const TabContent = ({ asset, tab }: Props & { readonly tab: AssetTabId }) => {
  switch (tab) {
    case 'overview':
      return <Overview asset={asset} />;
    case 'assetInfo':
      return <AssetInfoSection asset={asset} />;
    case 'investmentInfo':
      return <InvestmentInfoSection asset={asset} />;
    case 'location':
      return <LocationSection asset={asset} />;
    case 'rentInfo':
      return <RentInfoSection asset={asset} />;
    case 'records':
      return <RecordsSection asset={asset} />;
    case 'documents':
      return <DocumentsSection asset={asset} />;
    case 'myInvestment':
      return <MyInvestmentSection asset={asset} />;
    case 'forum':
      return <Forum asset={asset} />;
  }
};

/** The tab row: links, so every tab has its address (and the desktop its sub-pages). */
const TabNav = ({ asset, current }: Props & { readonly current: AssetTabId | null }) => {
  const { t } = useTranslation();
  const family = useFamily();
  const href = useScreenHref();
  return (
    <nav
      aria-label={t('asset.tabsLabel')}
      className="-mx-4 overflow-x-auto px-4 [scrollbar-width:none] md:mx-0 md:px-0"
    >
      <ul className="flex gap-1 border-b border-navy-100">
        {tabsForFamily(family).map((tab) => (
          <li key={tab} className="shrink-0">
            <NavLink
              to={href(tabRef(family, asset.id, tab))}
              end
              replace
              aria-current={current === tab ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-semibold transition ${
                current === tab ? 'border-brand text-navy-900' : 'border-transparent text-navy-700 hover:text-navy-900'
              }`}
            >
              {t(`asset.${assetTabs[tab].label}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
};

const AssetBody = ({ asset, view }: Props & { readonly view: AssetView }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <div className={assetPageClass}>
      <AssetHeader asset={asset} />
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem] md:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <KeyFacts asset={asset} />
          <TabNav asset={asset} current={view.kind === 'tab' ? view.tab : null} />
          <Deferred fallback={<div aria-hidden="true" className="h-64 animate-pulse rounded-2xl bg-navy-100" />}>
            {view.kind === 'tab' ? <TabContent asset={asset} tab={view.tab} /> : <ImprintSection asset={asset} />}
          </Deferred>
          <Link
            to={href({ key: 'assetImprintInfo', params: { id: asset.id } })}
            className="self-start text-sm font-medium text-brand-text underline underline-offset-2"
          >
            {t('asset.imprintLink')}
          </Link>
        </div>
        <aside className="fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-20 border-t border-navy-100 bg-white/95 p-3 backdrop-blur md:sticky md:top-24 md:z-auto md:rounded-2xl md:border-0 md:p-4 md:ring-1 md:ring-navy-100">
          <InvestAction />
        </aside>
      </div>
    </div>
  );
};

/** Asset detail (spec section 2) for every asset route of all three families. */
export const AssetPage = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const params = useParams();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const view = assetViewFor(handle?.screen, params.subpage);
  const id = params.id ?? '';
  const asset = useAsset(id);
  const summary = useCachedSummary(id);
  // The page body renders in the background (React slices it) when the detail arrives; until then
  // the loading view with the header stays (issue 6: one long render blocked a phone's main thread).
  const shown = useDeferredValue(asset.data?.id === id ? asset.data : undefined);
  if (asset.isError && !shown) {
    const notFound = asset.error instanceof ApiError && (asset.error.status === 404 || asset.error.status === 400);
    return (
      <StatusPage
        icon={SearchX}
        title={t(notFound ? 'asset.notFoundTitle' : 'asset.errorTitle')}
        text={t(notFound ? 'asset.notFoundText' : 'marketplace.errorText')}
      >
        {notFound ? (
          <Link to={href({ key: 'marketplace' })} className={buttonClass('secondary')}>
            {t('common.backToMarketplace')}
          </Link>
        ) : (
          <Button variant="secondary" onClick={() => void asset.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('common.retry')}
          </Button>
        )}
      </StatusPage>
    );
  }
  if (!shown) return <AssetLoading summary={summary} />;
  return <AssetBody asset={shown} view={view} />;
};
