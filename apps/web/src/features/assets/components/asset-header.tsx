import type { AssetSummary } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, MapPin } from 'lucide-react';
import { useMemo } from 'react';
import { BackLink } from '../../../components/back-link';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { parseCachedAssets } from '../api/get-assets';
import { assetsQueryKey } from '../api/query-keys';
import { AssetActions } from './asset-actions';

/*
 * The part of the asset page the shell renders before the page's own code has loaded: the header
 * from the marketplace's cached list (issue 6: the photo is the page's largest paint, and a phone
 * shows it without waiting for the lazy chunk).
 */

/** The header needs only what the marketplace list already has, so it can show before the detail. */
export const AssetHeader = ({ asset }: { readonly asset: AssetSummary }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <header className="flex flex-col gap-4">
      <BackLink to={href({ key: 'marketplace' })}>{t('asset.back')}</BackLink>
      <div className="relative overflow-hidden rounded-2xl bg-navy-100">
        {asset.imageUrl ? (
          <img
            src={asset.imageUrl}
            alt={t('asset.photo', { title: asset.title })}
            fetchPriority="high"
            className="aspect-[16/9] w-full object-cover md:aspect-auto md:h-72"
          />
        ) : (
          <div className="grid aspect-[16/9] place-items-center text-navy-500 md:aspect-auto md:h-72">
            <Building2 aria-hidden="true" className="size-12" />
          </div>
        )}
        <AssetActions asset={asset} />
      </div>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-navy-900 md:text-3xl">{asset.title}</h1>
        <p className="text-base text-navy-700">{asset.subtitle}</p>
        <p className="flex items-center gap-1 text-sm text-navy-700">
          <MapPin aria-hidden="true" className="size-4" />
          {asset.address.postalCode} {asset.address.city}, {asset.address.region}
        </p>
      </div>
    </header>
  );
};

export const assetPageClass = 'mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 pb-28 pt-4 md:px-8 md:pb-10 md:pt-8';

/**
 * While the detail loads: the header from the marketplace's cached list (spec section 4: cached
 * first), so title and photo show at once and stay in place when the detail arrives.
 */
export const AssetLoading = ({ summary }: { readonly summary: AssetSummary | null }) => {
  const { t } = useTranslation();
  const skeleton = (
    <>
      <div className="h-24 animate-pulse rounded-2xl bg-navy-100" />
      <div className="h-64 animate-pulse rounded-2xl bg-navy-100" />
    </>
  );
  if (!summary)
    return (
      <div aria-busy="true" className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-6 md:px-8">
        <span className="sr-only">{t('asset.loading')}</span>
        <div className="aspect-[16/9] animate-pulse rounded-2xl bg-navy-100 md:aspect-auto md:h-72" />
        <div className="h-8 w-2/3 animate-pulse rounded bg-navy-100" />
        {skeleton}
      </div>
    );
  return (
    <div aria-busy="true" className={assetPageClass}>
      <AssetHeader asset={summary} />
      <span className="sr-only">{t('asset.loading')}</span>
      {skeleton}
    </div>
  );
};

/** The asset as the marketplace list knows it: the list query's data, else the persisted list. */
export const useCachedSummary = (id: string): AssetSummary | null => {
  const queryClient = useQueryClient();
  const cachedAssets = useShellStore((state) => state.cachedAssets);
  return useMemo(() => {
    const list = queryClient.getQueryData<AssetSummary[]>(assetsQueryKey) ?? parseCachedAssets(cachedAssets);
    return list?.find((asset) => asset.id === id) ?? null;
  }, [queryClient, cachedAssets, id]);
};
