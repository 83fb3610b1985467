/**
 * Query keys of the assets feature, in a file of their own: the like mutation (initial screen)
 * updates the asset page's cache without importing the page's fetcher, whose detail guard is
 * a lazy chunk.
 */
export const assetsQueryKey = ['assets'] as const;
export const assetQueryKey = (id: string) => ['asset', id] as const;
