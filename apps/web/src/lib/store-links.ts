/** The partner's store pages, from the app configuration's store identifiers (ADR 0029). */
export type StoreIds = { readonly appStoreId?: string | null; readonly androidPackageName?: string | null };

export const appStoreLink = (ids: StoreIds | null | undefined): string | null =>
  ids?.appStoreId ? `https://apps.apple.com/app/id${encodeURIComponent(ids.appStoreId)}` : null;

export const playStoreLink = (ids: StoreIds | null | undefined): string | null =>
  ids?.androidPackageName
    ? `https://play.google.com/store/apps/details?id=${encodeURIComponent(ids.androidPackageName)}`
    : null;
