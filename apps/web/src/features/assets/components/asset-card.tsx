import type { AssetSummary } from '@bw/contracts';
import { availableBricks } from '@bw/domain';
import { Building2, Leaf, MapPin } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useFormat } from '../hooks/use-format';
import { AssetActions } from './asset-actions';
import { financedRatio } from './financing-progress';

type AssetCardProps = {
  readonly asset: AssetSummary;
  readonly isNew: boolean;
  /** A card in the first screenful: its photo is the page's largest paint, so it loads first, not lazily. */
  readonly priority?: boolean;
};

/**
 * A marketplace card: photo, name, city, price per share, available bricks, expected return, progress.
 * Memoised: a refreshed list keeps unchanged assets' objects, so only changed cards render again.
 */
export const AssetCard = memo(function AssetCard({ asset, isNew, priority = false }: AssetCardProps) {
  const { t } = useTranslation();
  const href = useScreenHref();
  const format = useFormat();
  const ratio = financedRatio(asset);
  const percent = Math.round(ratio * 100);
  return (
    <li
      className={`relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-navy-100 transition hover:ring-navy-300 ${
        // Cards off screen are neither styled, laid out nor painted until they scroll near (issue 6).
        priority ? '' : '[contain-intrinsic-size:auto_440px] [content-visibility:auto]'
      }`}
    >
      <div className="relative aspect-[16/9] bg-navy-100">
        {asset.imageUrl ? (
          <img
            src={asset.imageUrl}
            alt=""
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <span className="grid size-full place-items-center text-navy-500">
            <Building2 aria-hidden="true" className="size-10" />
            <span className="sr-only">{t('assetCard.noImage')}</span>
          </span>
        )}
        <div className="absolute left-3 top-3 flex gap-2">
          {isNew ? (
            <span className="rounded-full bg-white px-2.5 py-1 text-xs font-semibold text-navy-900 shadow-sm">
              {t('assetCard.new')}
            </span>
          ) : null}
          {asset.green ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-1 text-xs font-semibold text-navy-900 shadow-sm">
              <Leaf aria-hidden="true" className="size-3.5 text-success" />
              {t('assetCard.green')}
            </span>
          ) : null}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-col gap-0.5">
          <h3 className="text-base font-semibold leading-snug text-navy-900">
            <Link
              to={href({ key: 'asset', params: { id: asset.id } })}
              className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
            >
              {asset.title}
            </Link>
          </h3>
          <p className="flex items-center gap-1 text-sm text-navy-700">
            <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
            {asset.address.city}
          </p>
        </div>
        <dl className="grid grid-cols-3 gap-2 text-sm">
          <div className="flex flex-col">
            <dt className="text-xs text-navy-700">{t('assetCard.pricePerShare')}</dt>
            <dd className="font-semibold tabular-nums text-navy-900">{format.eur(asset.pricePerShareCents)}</dd>
          </div>
          <div className="flex flex-col">
            <dt className="text-xs text-navy-700">{t('assetCard.availableBricks')}</dt>
            <dd className="font-semibold tabular-nums text-navy-900">{format.count(availableBricks(asset))}</dd>
          </div>
          <div className="flex flex-col">
            <dt className="text-xs text-navy-700">{t('assetCard.expectedReturn')}</dt>
            <dd className="font-semibold tabular-nums text-navy-900">
              {format.bps(asset.expectedOngoingDistributionBps)}
            </dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-col gap-1.5">
          <div className="flex justify-between text-xs text-navy-700">
            <span>{t(asset.stage === 'primary' ? 'assetCard.primary' : 'assetCard.secondary')}</span>
            <span className="tabular-nums">{t('assetCard.financed', { percent: format.ratio(ratio) })}</span>
          </div>
          <div
            role="progressbar"
            aria-label={t('assetCard.financingProgress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-navy-100"
          >
            <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
          </div>
        </div>
      </div>
      <AssetActions asset={asset} className="z-10" />
    </li>
  );
});
