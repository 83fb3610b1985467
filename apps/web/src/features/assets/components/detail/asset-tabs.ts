import type { Catalog } from '@bw/i18n';
import type { Family, ScreenKey, ScreenRef } from '../../../../config/paths';

export const assetTabIds = [
  'overview',
  'assetInfo',
  'investmentInfo',
  'location',
  'rentInfo',
  'records',
  'documents',
  'myInvestment',
  'forum',
] as const;
export type AssetTabId = (typeof assetTabIds)[number];

type TabDefinition = {
  readonly label: keyof Catalog['asset'];
  /** The `asset/{id}/{subpage}` name in /app and /mobileWeb. */
  readonly subpage: string;
  /** The desktop sub-page screen; null: on desktop the overview shows this part. */
  readonly desktop: ScreenKey | null;
};

/** Spec section 2, asset detail tabs, and the desktop sub-pages they map to. */
export const assetTabs: Readonly<Record<AssetTabId, TabDefinition>> = {
  overview: { label: 'tabOverview', subpage: 'details', desktop: 'asset' },
  assetInfo: { label: 'tabAssetInfo', subpage: 'asset-info', desktop: 'assetInfo' },
  investmentInfo: { label: 'tabInvestmentInfo', subpage: 'investment-details', desktop: 'assetInvestmentDetails' },
  location: { label: 'tabLocation', subpage: 'location-details', desktop: 'assetLocationDetails' },
  rentInfo: { label: 'tabRentInfo', subpage: 'rent-details', desktop: 'assetRentDetails' },
  records: { label: 'tabRecords', subpage: 'asset-records', desktop: 'assetRecords' },
  documents: { label: 'tabDocuments', subpage: 'documents', desktop: null },
  myInvestment: { label: 'tabMyInvestment', subpage: 'my-investment', desktop: null },
  /** Issue 24: the investors' forum; on desktop a part of the overview (spec section 2 lists no desktop forum route). */
  forum: { label: 'tabForum', subpage: 'forum', desktop: null },
};

/** What an asset route shows: a tab, or the issuer's imprint (`asset/{id}/imprint-info`). */
export type AssetView = { readonly kind: 'tab'; readonly tab: AssetTabId } | { readonly kind: 'imprint' };

/** The view of a matched asset route; an unknown mobile sub-page shows the overview. */
export const assetViewFor = (screen: ScreenKey | undefined, subpage: string | undefined): AssetView => {
  if (screen === 'assetImprintInfo' || subpage === 'imprint-info') return { kind: 'imprint' };
  if (screen === 'assetSubpage') {
    const tab = assetTabIds.find((id) => assetTabs[id].subpage === subpage);
    return { kind: 'tab', tab: tab ?? 'overview' };
  }
  const tab = assetTabIds.find((id) => assetTabs[id].desktop === screen);
  return { kind: 'tab', tab: tab ?? 'overview' };
};

/** The tabs a family lists: desktop has its sub-pages; the phone families have every tab. */
export const tabsForFamily = (family: Family): AssetTabId[] =>
  family === 'desktopWeb' ? assetTabIds.filter((id) => assetTabs[id].desktop !== null) : [...assetTabIds];

/** Where a tab lives in a family (the overview is `asset/{id}` on phones, `asset/{id}/details` on desktop). */
export const tabRef = (family: Family, assetId: string, tab: AssetTabId): ScreenRef => {
  const definition = assetTabs[tab];
  if (family === 'desktopWeb') return { key: definition.desktop ?? 'asset', params: { id: assetId } };
  if (tab === 'overview') return { key: 'asset', params: { id: assetId } };
  return { key: 'assetSubpage', params: { id: assetId, subpage: definition.subpage } };
};

/** On desktop, documents, "my investment" and the forum are parts of the overview page. */
export const overviewIncludes = (family: Family, tab: AssetTabId): boolean =>
  family === 'desktopWeb' && assetTabs[tab].desktop === null;
