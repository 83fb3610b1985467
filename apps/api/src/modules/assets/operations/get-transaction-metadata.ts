import type { TransactionMetadata } from '@bw/contracts';
import type { Db } from '@bw/db';
import {
  dailyPrices,
  diagramSeries,
  PRICE_CONFIRM_THRESHOLD_BPS,
  PRICE_INFO_THRESHOLD_BPS,
  type PriceTrade,
  VWAP_WINDOW_DAYS,
  vwap30Days,
} from '@bw/domain';
import { findLastPricePoint, listPricePoints } from '../assets.repo.js';
import { requireListedAsset } from './get-asset.js';

const MS_PER_DAY = 86_400_000;
/** The chart shows a year of daily prices. */
export const DIAGRAM_DAYS = 365;

/**
 * GET /api/v1/assets/transactionMetadata/{id}: prices a buy or sell needs, the 30-day VWAP for the
 * warnings of spec section 5 and, with `?fields=diagramData`, the chart series with its moving average.
 */
export const getTransactionMetadata = async (
  db: Db,
  id: string,
  withDiagram: boolean,
  nowMs: number = Date.now(),
): Promise<TransactionMetadata> => {
  const row = await requireListedAsset(db, id);
  const days = withDiagram ? DIAGRAM_DAYS : VWAP_WINDOW_DAYS;
  const [points, last] = await Promise.all([
    listPricePoints(db, id, new Date(nowMs - days * MS_PER_DAY)),
    findLastPricePoint(db, id),
  ]);
  const trades: PriceTrade[] = points.map((p) => ({
    tradedAtMs: p.tradedAt.getTime(),
    pricePerShareCents: p.pricePerShareCents,
    sharesCount: p.sharesCount,
  }));
  const average = vwap30Days(trades, nowMs);
  const metadata: TransactionMetadata = {
    assetId: row.id,
    stage: row.stage,
    pricePerShareCents: row.pricePerShareCents.toString(),
    lowestOfferPrice: row.lowestOfferPriceCents?.toString() ?? null,
    availableBricksSecondary: row.availableBricksSecondary,
    averagePrice30DaysCents: average?.toString() ?? null,
    lastPriceCents: last?.pricePerShareCents.toString() ?? null,
    priceWarningThresholdsBps: { info: PRICE_INFO_THRESHOLD_BPS, confirm: PRICE_CONFIRM_THRESHOLD_BPS },
  };
  if (!withDiagram) return metadata;
  return {
    ...metadata,
    diagramData: {
      windowDays: VWAP_WINDOW_DAYS,
      points: diagramSeries(dailyPrices(trades)).map((p) => ({
        date: p.date,
        priceCents: p.priceCents.toString(),
        closePriceCents: p.closePriceCents.toString(),
        volumeShares: p.volumeShares,
        movingAverageCents: p.movingAverageCents.toString(),
      })),
    },
  };
};
