/**
 * Query keys of the bulletin board. Every key starts with `bulletin-board`, so one invalidation
 * (a realtime `update`, a step of the user's own) refreshes lists, offers and holdings at once.
 */
export const BULLETIN_BOARD_QUERY_ROOT = 'bulletin-board';
export const offersQueryKey = (assetId: string, type: 'buy' | 'sell') =>
  [BULLETIN_BOARD_QUERY_ROOT, 'offers', assetId, type] as const;
export const myOffersQueryKey = [BULLETIN_BOARD_QUERY_ROOT, 'mine'] as const;
export const offerQueryKey = (offerId: string) => [BULLETIN_BOARD_QUERY_ROOT, 'offer', offerId] as const;
export const contactDetailsQueryKey = (offerId: string) => [BULLETIN_BOARD_QUERY_ROOT, 'contact', offerId] as const;
export const holdingsQueryKey = (assetId: string) => [BULLETIN_BOARD_QUERY_ROOT, 'holdings', assetId] as const;
