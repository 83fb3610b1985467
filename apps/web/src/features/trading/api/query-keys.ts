/**
 * Query keys of the buy flow. Every key starts with `trading`, so one invalidation after a purchase
 * step refreshes them all; the investments screen has its own (`investments`).
 */
export const TRADING_QUERY_ROOT = 'trading';
export const purchaseQueryKey = (transactionId: string) => [TRADING_QUERY_ROOT, 'purchase', transactionId] as const;
export const bonusQueryKey = (assetId: string) => [TRADING_QUERY_ROOT, 'bonus', assetId] as const;
export const notaryDatesQueryKey = (assetId: string) => [TRADING_QUERY_ROOT, 'notary', assetId] as const;
export const investorProfileQueryKey = [TRADING_QUERY_ROOT, 'investor'] as const;
