import type { AssetSummary } from '@bw/contracts';
import { type MarketplaceFilter, marketplaceList, splitNewAndMore } from '@bw/domain';
import { Building2, Heart, RefreshCw, SearchX } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { useAssets } from '../../assets/api/get-assets';
import { AssetCard } from '../../assets/components/asset-card';
import { useProgressiveCount } from '../../assets/components/deferred';
import { FilterBar, parseFilter } from './filter-bar';
import { type MarketplaceView, parseView, ViewToggle } from './view-toggle';

const AssetMap = lazy(() =>
  import('../../assets/components/asset-map').then((module) => ({ default: module.AssetMap })),
);

const SKELETON_CARDS = ['a', 'b', 'c'] as const;

const Skeletons = ({ label }: { readonly label: string }) => (
  <ul aria-busy="true" aria-label={label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
    {SKELETON_CARDS.map((id) => (
      <li key={id} className="flex flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-navy-100">
        <div className="aspect-[16/9] animate-pulse bg-navy-100" />
        <div className="flex flex-col gap-2 p-4">
          <div className="h-4 w-2/3 animate-pulse rounded bg-navy-100" />
          <div className="h-3 w-1/3 animate-pulse rounded bg-navy-100" />
          <div className="mt-2 h-8 animate-pulse rounded bg-navy-100" />
        </div>
      </li>
    ))}
  </ul>
);

/** Cards per background render after the first ones (useProgressiveCount). */
const CARDS_PER_BATCH = 3;

const Section = ({
  id,
  title,
  assets,
  isNew,
  priorityCount,
}: {
  readonly id: string;
  readonly title: string;
  readonly assets: readonly AssetSummary[];
  readonly isNew: boolean;
  /**
   * The first cards render at once and load their photos first; the rest follow in small background
   * renders (useProgressiveCount) and load their photos when they scroll near.
   */
  readonly priorityCount: number;
}) => {
  const shown = useProgressiveCount(assets.length, priorityCount, CARDS_PER_BATCH);
  return assets.length === 0 ? null : (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-navy-900">
        {title}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {assets.slice(0, shown).map((asset, index) => (
          <AssetCard key={asset.id} asset={asset} isNew={isNew} priority={index < priorityCount} />
        ))}
      </ul>
    </section>
  );
};

/** On a phone the first card fills the screen; its photo is the largest paint of the marketplace. */
const PRIORITY_CARDS = 1;

/** The list of spec section 2 for a filter: listed stages only, marketplace order, new and more. */
export const useMarketplaceSections = (assets: readonly AssetSummary[], filter: MarketplaceFilter) =>
  useMemo(() => {
    const likedIds = new Set(assets.filter((asset) => asset.liked).map((asset) => asset.id));
    const sorted = marketplaceList(assets, filter, likedIds);
    return { sorted, ...splitNewAndMore(sorted, Date.now()) };
  }, [assets, filter]);

/**
 * The marketplace (spec section 2): list or map, the filters, new and more assets. The list comes
 * from the local cache first and is then refreshed (spec section 4).
 */
export const MarketplacePage = () => {
  const { t } = useTranslation();
  const appName = useShellStore((state) => state.config?.name ?? '');
  const cachedAssets = useShellStore((state) => state.cachedAssets);
  const patch = useShellStore((state) => state.patch);
  const [search, setSearch] = useSearchParams();
  const filter = parseFilter(search.get('filter'));
  const view = parseView(search.get('view'));
  const assets = useAssets(cachedAssets);
  const list = assets.data ?? [];
  const { sorted, newAssets, moreAssets } = useMarketplaceSections(list, filter);

  // What the marketplace last showed is what the next start shows first.
  // A refreshed list equal to the shown one keeps its identity (structural sharing); rewriting the
  // encrypted store costs a phone real time, so only a changed list is stored.
  const stored = useRef(assets.data);
  useEffect(() => {
    if (!assets.data || !assets.isFetchedAfterMount || assets.data === stored.current) return;
    stored.current = assets.data;
    patch({ cachedAssets: assets.data });
  }, [assets.data, assets.isFetchedAfterMount, patch]);

  const update = (key: 'filter' | 'view', value: string, fallback: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const setFilter = (next: MarketplaceFilter) => update('filter', next, 'all');
  const setView = (next: MarketplaceView) => update('view', next, 'list');

  const content = () => {
    if (assets.isPending) return <Skeletons label={t('marketplace.loading')} />;
    if (assets.isError && list.length === 0)
      return (
        <EmptyState icon={SearchX} title={t('marketplace.errorTitle')} text={t('marketplace.errorText')}>
          <Button variant="secondary" onClick={() => void assets.refetch()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('common.retry')}
          </Button>
        </EmptyState>
      );
    if (sorted.length === 0) {
      if (filter === 'all')
        return <EmptyState icon={Building2} title={t('marketplace.emptyTitle')} text={t('marketplace.emptyText')} />;
      const liked = filter === 'liked';
      return (
        <EmptyState
          icon={liked ? Heart : SearchX}
          title={t(liked ? 'marketplace.emptyLikedTitle' : 'marketplace.emptyFilterTitle')}
          text={t(liked ? 'marketplace.emptyLikedText' : 'marketplace.emptyFilterText')}
        >
          <Button variant="secondary" onClick={() => setFilter('all')}>
            {t('marketplace.showAll')}
          </Button>
        </EmptyState>
      );
    }
    const sections = (
      <>
        <Section
          id="new-assets"
          title={t('marketplace.newAssets')}
          assets={newAssets}
          isNew
          priorityCount={PRIORITY_CARDS}
        />
        <Section
          id="more-assets"
          title={t('marketplace.moreAssets')}
          assets={moreAssets}
          isNew={false}
          priorityCount={Math.max(0, PRIORITY_CARDS - newAssets.length)}
        />
      </>
    );
    if (view === 'map')
      return (
        <Suspense
          fallback={
            <div aria-busy="true" className="aspect-[4/3] animate-pulse rounded-2xl bg-navy-100 md:aspect-[16/9]">
              <span className="sr-only">{t('marketplace.mapLoading')}</span>
            </div>
          }
        >
          <AssetMap
            assets={sorted}
            label={t('marketplace.mapLabel')}
            offlineText={t('marketplace.mapOffline')}
            fallback={sections}
            renderCard={(assetId) => {
              const asset = sorted.find((each) => each.id === assetId);
              return asset ? <AssetCard asset={asset} isNew={false} priority /> : null;
            }}
          />
        </Suspense>
      );
    return sections;
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 md:px-8 md:py-10">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-navy-900 md:text-3xl">{t('marketplace.title')}</h1>
          <p className="text-base text-navy-700">{t('marketplace.intro')}</p>
          {appName ? <span className="sr-only">{appName}</span> : null}
        </div>
        <ViewToggle value={view} onChange={setView} />
      </header>
      <FilterBar value={filter} onChange={setFilter} />
      {assets.isPending ? null : (
        <p aria-live="polite" className="text-sm text-navy-700">
          {t('marketplace.count', { count: sorted.length })}
        </p>
      )}
      {content()}
    </div>
  );
};
