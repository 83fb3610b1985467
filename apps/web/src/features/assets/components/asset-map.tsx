import 'leaflet/dist/leaflet.css';
import type { AssetSummary, MapSettings } from '@bw/contracts';
import { divIcon, type Map as LeafletMap, latLngBounds, layerGroup, map, marker, tileLayer } from 'leaflet';
import { X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import Supercluster from 'supercluster';
import { DEFAULT_MAP } from '../../../lib/contract-guards';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';

/**
 * The map of asset locations (issue 27): Leaflet with the partner's tiles (app config `map`,
 * OpenStreetMap by default), nearby pins clustered (supercluster), a pin opens the asset's card.
 * This module is its own lazy chunk, loaded when the map view opens. When no tile loads (offline,
 * blocked, the tile server down) the map gives way to `fallback`, the list, with a notice.
 */
export type MapAsset = Pick<AssetSummary, 'id' | 'title' | 'address'>;

export type AssetMapProps = {
  readonly assets: readonly MapAsset[];
  readonly label: string;
  /** The card a tap on a pin opens; without it the pins are plain markers (an asset's own location). */
  readonly renderCard?: (assetId: string) => ReactNode;
  /** Shown instead of the map when its tiles cannot load. */
  readonly fallback?: ReactNode;
  readonly offlineText: string;
};

/** No tile within this time counts as tiles that cannot load. */
export const TILE_TIMEOUT_MS = 8_000;
/** Pins closer than this many pixels join a cluster. */
const CLUSTER_RADIUS_PX = 48;
const FIT_PADDING_PX = 40;
const FIT_MAX_ZOOM = 13;
const SINGLE_ZOOM = 14;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const PIN_SVG =
  '<svg viewBox="0 0 24 24" aria-hidden="true" class="size-9 fill-brand stroke-white drop-shadow" stroke-width="1.5"><path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"/><circle cx="12" cy="10" r="3" class="fill-white"/></svg>';

type PinProperties = { assetId: string; title: string; city: string };

/** The tiles are taken as unavailable when none loads: offline, blocked or refused. */
const watchTiles = (layer: ReturnType<typeof tileLayer>, onUnavailable: () => void): (() => void) => {
  let loaded = 0;
  let failed = 0;
  layer.on('tileload', () => {
    loaded += 1;
  });
  layer.on('tileerror', () => {
    failed += 1;
  });
  layer.on('load', () => {
    if (loaded === 0 && failed > 0) onUnavailable();
  });
  const timer = setTimeout(() => {
    if (loaded === 0) onUnavailable();
  }, TILE_TIMEOUT_MS);
  return () => clearTimeout(timer);
};

const drawMap = (
  element: HTMLElement,
  input: {
    assets: readonly MapAsset[];
    settings: MapSettings;
    interactive: boolean;
    clusterTitle: (count: number) => string;
    pinTitle: (asset: PinProperties) => string;
    onPin: (assetId: string) => void;
    onUnavailable: () => void;
  },
): { view: LeafletMap; stop: () => void } => {
  const { settings } = input;
  const view = map(element, { maxZoom: settings.maxZoom, scrollWheelZoom: false });
  view.attributionControl.setPrefix(false);
  const tiles = tileLayer(settings.tileUrl, {
    maxZoom: settings.maxZoom,
    attribution: escapeHtml(settings.attribution),
  });
  const stopWatching = watchTiles(tiles, input.onUnavailable);
  tiles.addTo(view);

  const index = new Supercluster<PinProperties>({ radius: CLUSTER_RADIUS_PX, maxZoom: settings.maxZoom - 1 });
  index.load(
    input.assets.map((asset) => ({
      type: 'Feature' as const,
      properties: { assetId: asset.id, title: asset.title, city: asset.address.city },
      geometry: { type: 'Point' as const, coordinates: [asset.address.longitude, asset.address.latitude] },
    })),
  );
  const pins = layerGroup().addTo(view);
  const draw = () => {
    pins.clearLayers();
    const bounds = view.getBounds();
    const zoom = Math.round(view.getZoom());
    const bbox: [number, number, number, number] = [
      bounds.getWest(),
      bounds.getSouth(),
      bounds.getEast(),
      bounds.getNorth(),
    ];
    for (const feature of index.getClusters(bbox, zoom)) {
      const [longitude, latitude] = feature.geometry.coordinates as [number, number];
      const props = feature.properties as Partial<PinProperties> & { cluster?: boolean; point_count?: number };
      if (props.cluster && props.point_count) {
        const count = props.point_count;
        const clusterId = feature.id as number;
        marker([latitude, longitude], {
          title: input.clusterTitle(count),
          keyboard: true,
          icon: divIcon({
            className: '',
            iconSize: [40, 40],
            html: `<span data-testid="map-cluster" data-count="${count}" class="flex size-10 items-center justify-center rounded-full border-2 border-white bg-navy-900 text-sm font-semibold text-white shadow-md">${count}</span>`,
          }),
        })
          .on('click', () => view.setView([latitude, longitude], index.getClusterExpansionZoom(clusterId)))
          .addTo(pins);
        continue;
      }
      const pin = props as PinProperties;
      marker([latitude, longitude], {
        title: input.interactive ? input.pinTitle(pin) : pin.title,
        keyboard: input.interactive,
        interactive: input.interactive,
        icon: divIcon({
          className: '',
          iconSize: [36, 36],
          iconAnchor: [18, 34],
          html: `<span data-testid="map-marker" data-asset-id="${escapeHtml(pin.assetId)}" class="block">${PIN_SVG}</span>`,
        }),
      })
        .on('click', () => input.onPin(pin.assetId))
        .addTo(pins);
    }
  };
  view.on('moveend', draw);
  const first = input.assets[0];
  if (input.assets.length === 1 && first) view.setView([first.address.latitude, first.address.longitude], SINGLE_ZOOM);
  else if (first)
    view.fitBounds(
      latLngBounds(input.assets.map((asset) => [asset.address.latitude, asset.address.longitude] as [number, number])),
      { padding: [FIT_PADDING_PX, FIT_PADDING_PX], maxZoom: FIT_MAX_ZOOM },
    );
  else view.setView([47.5, 13.5], 6);
  draw();
  return { view, stop: stopWatching };
};

export const AssetMap = ({ assets, label, renderCard, fallback, offlineText }: AssetMapProps) => {
  const { t } = useTranslation();
  // A config stored before maps were configurable has none: the platform default then.
  const settings = useShellStore((state) => state.config?.map) ?? DEFAULT_MAP;
  const box = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(() => typeof navigator !== 'undefined' && !navigator.onLine);
  const interactive = renderCard !== undefined;
  const key = assets.map((asset) => `${asset.id}@${asset.address.latitude},${asset.address.longitude}`).join('|');
  const latest = useRef({ assets, t });
  latest.current = { assets, t };

  useEffect(() => {
    const element = box.current;
    if (!element || unavailable || key === '') return;
    const { view, stop } = drawMap(element, {
      assets: latest.current.assets,
      settings: { tileUrl: settings.tileUrl, attribution: settings.attribution, maxZoom: settings.maxZoom },
      interactive,
      clusterTitle: (count) => latest.current.t('marketplace.mapCluster', { count }),
      pinTitle: (pin) => latest.current.t('marketplace.mapOpenAsset', { title: pin.title, city: pin.city }),
      onPin: setSelected,
      onUnavailable: () => setUnavailable(true),
    });
    return () => {
      stop();
      view.remove();
    };
  }, [key, settings.tileUrl, settings.attribution, settings.maxZoom, interactive, unavailable]);

  if (unavailable)
    return (
      <div className="flex flex-col gap-4">
        <p role="status" data-testid="map-offline" className="rounded-2xl bg-navy-100 px-4 py-3 text-sm text-navy-900">
          {offlineText}
        </p>
        {fallback}
      </div>
    );
  const card = selected && renderCard ? renderCard(selected) : null;
  return (
    <div className="flex flex-col gap-3">
      <figure aria-label={label} className="overflow-hidden rounded-2xl ring-1 ring-navy-100">
        <div ref={box} data-testid="asset-map" className="aspect-[4/3] w-full bg-[#e8eef3] md:aspect-[16/9]" />
      </figure>
      {card ? (
        // The tapped asset's card, below the map so it never hides the pins.
        <div className="flex flex-col items-end gap-2 md:self-end md:w-96" data-testid="map-card">
          <button
            type="button"
            onClick={() => setSelected(null)}
            aria-label={t('marketplace.mapCloseCard')}
            className="flex size-11 items-center justify-center rounded-full bg-white text-navy-900 shadow-sm ring-1 ring-navy-100"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
          <ul className="w-full">{card}</ul>
        </div>
      ) : null}
    </div>
  );
};
