import type { AssetSummary } from '@bw/contracts';
import { Building2, RefreshCw, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { useScreenHref } from '../../../hooks/use-family';
import { ApiError } from '../../../lib/api-client';
import { useShellStore } from '../../../stores/shell-store';
import { useAssets } from '../../assets/api/get-assets';

const SKELETON_CARDS = ['a', 'b', 'c'] as const;

const AssetCard = ({ asset }: { readonly asset: AssetSummary }) => {
  const href = useScreenHref();
  return (
    <li>
      <Link
        to={href({ key: 'asset', params: { id: asset.id } })}
        className="flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-100 hover:ring-navy-300"
      >
        <span className="grid size-12 place-items-center rounded-xl bg-navy-100 text-brand-text">
          <Building2 aria-hidden="true" className="size-6" />
        </span>
        <span className="flex flex-col">
          <span className="font-semibold text-navy-900">{asset.title}</span>
          <span className="text-sm text-navy-700">{asset.subtitle}</span>
        </span>
      </Link>
    </li>
  );
};

/**
 * The marketplace frame. The asset list, filters and map belong to the assets issue; the shell
 * shows what GET /api/v2/assets returns and a real empty state when it is empty or fails.
 */
export const MarketplacePage = () => {
  const { t } = useTranslation();
  const appName = useShellStore((state) => state.config?.name ?? '');
  const cachedAssets = useShellStore((state) => state.cachedAssets);
  const assets = useAssets(cachedAssets);
  // The assets endpoint arrives with the assets issue; until then "not found" means nothing is listed.
  const failed = assets.isError && !(assets.error instanceof ApiError && assets.error.status === 404);
  const list = assets.data ?? [];
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:px-8 md:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-navy-900 md:text-3xl">{t('marketplace.title')}</h1>
        <p className="text-base text-navy-700">{t('marketplace.intro')}</p>
        {appName ? <span className="sr-only">{appName}</span> : null}
      </header>
      <section aria-labelledby="new-assets" className="flex flex-col gap-3">
        <h2 id="new-assets" className="text-lg font-semibold text-navy-900">
          {t('marketplace.newAssets')}
        </h2>
        {assets.isPending ? (
          <ul aria-busy="true" aria-label={t('marketplace.loading')} className="grid gap-3 md:grid-cols-3">
            {SKELETON_CARDS.map((id) => (
              <li key={id} className="h-20 animate-pulse rounded-2xl bg-navy-100" />
            ))}
          </ul>
        ) : failed ? (
          <EmptyState icon={SearchX} title={t('marketplace.errorTitle')} text={t('marketplace.errorText')}>
            <Button variant="secondary" onClick={() => void assets.refetch()}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('common.retry')}
            </Button>
          </EmptyState>
        ) : list.length === 0 ? (
          <EmptyState icon={Building2} title={t('marketplace.emptyTitle')} text={t('marketplace.emptyText')} />
        ) : (
          <ul className="grid gap-3 md:grid-cols-3">
            {list.map((asset) => (
              <AssetCard key={asset.id} asset={asset} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
};
