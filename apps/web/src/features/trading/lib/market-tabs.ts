/** Spec section 3, enumeration "Market tabs", and the draft's `defaultMarket`. */
export const marketTabs = ['primary', 'buy', 'sell'] as const;
export type MarketTab = (typeof marketTabs)[number];

/** Query parameters of `trading/{id}`: the tab, and the purchase in progress (so a reload keeps it). */
export const MARKET_PARAM = 'market';
export const PURCHASE_PARAM = 'purchase';

const isMarketTab = (value: string | null): value is MarketTab =>
  value !== null && (marketTabs as readonly string[]).includes(value);

/** The asked tab, else the default market: the issuer during the financing phase, else buying from investors. */
export const marketTabOf = (asked: string | null, stage: string): MarketTab => {
  if (isMarketTab(asked)) return asked;
  return stage === 'primary' ? 'primary' : 'buy';
};
