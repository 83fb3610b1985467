import type { AssetSummary } from '@bw/contracts';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { placePoints } from './map-projection';

/** The map box is 4:3 on phones and 16:9 from tablet width; markers are placed for each. */
const ASPECTS = { narrow: 4 / 3, wide: 16 / 9 } as const;

export type AssetMapProps = {
  readonly assets: readonly Pick<AssetSummary, 'id' | 'title' | 'address'>[];
  readonly label: string;
  /** Markers link to their asset page; off for the single marker on an asset's own location tab. */
  readonly linkMarkers?: boolean;
};

const Markers = ({ assets, aspect, linkMarkers }: Omit<AssetMapProps, 'label'> & { readonly aspect: number }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const placed = placePoints(
    assets.map((asset) => asset.address),
    aspect,
  );
  return (
    <>
      {assets.map((asset, index) => {
        const position = placed[index];
        if (!position) return null;
        const pin = (
          <>
            <MapPin aria-hidden="true" className="size-8 fill-brand text-white drop-shadow" strokeWidth={1.5} />
            <span className="pointer-events-none absolute bottom-full left-1/2 mb-1 hidden -translate-x-1/2 whitespace-nowrap rounded-lg bg-navy-900 px-2 py-1 text-xs font-medium text-white shadow group-hover:block group-focus-visible:block">
              {asset.title}
            </span>
          </>
        );
        const style = { left: `${position.leftPct}%`, top: `${position.topPct}%` };
        const className = 'group absolute -translate-x-1/2 -translate-y-full rounded-full';
        return linkMarkers ? (
          <Link
            key={asset.id}
            to={href({ key: 'asset', params: { id: asset.id } })}
            aria-label={t('marketplace.mapOpenAsset', { title: asset.title, city: asset.address.city })}
            data-testid="map-marker"
            className={`${className} hover:z-10 focus-visible:z-10`}
            style={style}
          >
            {pin}
          </Link>
        ) : (
          <span key={asset.id} data-testid="map-marker" className={className} style={style}>
            {pin}
          </span>
        );
      })}
    </>
  );
};

/**
 * A light map of asset locations: markers on a plain background, placed with the Web Mercator
 * projection. It needs no tiles from the internet and no map library (issue 6: the map must work
 * without tiles), so it adds about 1 KB instead of Leaflet's 40 KB.
 */
export const AssetMap = ({ assets, label, linkMarkers = true }: AssetMapProps) => (
  <figure
    aria-label={label}
    className="relative overflow-hidden rounded-2xl bg-[#e8eef3] ring-1 ring-navy-100 [background-image:linear-gradient(#d5dee6_1px,transparent_1px),linear-gradient(90deg,#d5dee6_1px,transparent_1px)] [background-size:48px_48px]"
  >
    <div className="relative aspect-[4/3] md:hidden">
      <Markers assets={assets} aspect={ASPECTS.narrow} linkMarkers={linkMarkers} />
    </div>
    <div className="relative hidden aspect-[16/9] md:block">
      <Markers assets={assets} aspect={ASPECTS.wide} linkMarkers={linkMarkers} />
    </div>
  </figure>
);
