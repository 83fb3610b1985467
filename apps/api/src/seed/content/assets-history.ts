import type { AssetSeed } from './assets-catalogue.js';

/** mulberry32: a tiny seeded PRNG, so the demo history is the same on every machine. */
export const seededRandom = (seedText: string): (() => number) => {
  let seed = 2166136261;
  for (const char of seedText) seed = Math.imul(seed ^ (char.codePointAt(0) ?? 0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const MS_PER_DAY = 86_400_000;
export const HISTORY_DAYS = 365;

export type PricePointSeed = { assetId: string; tradedAt: Date; pricePerShareCents: bigint; sharesCount: number };
export type ProductionSeed = { assetId: string; producedOn: string; producedKwh: number };

/** Midnight UTC of `now`'s day minus `days`. */
const dayStart = (now: Date, days: number): number =>
  Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - days * MS_PER_DAY;

/**
 * A year of completed trades for an asset traded on the secondary market: a gentle random walk
 * around the issue price, zero to three trades a day between 08:00 and 20:00 UTC.
 */
export const priceHistory = (asset: AssetSeed, now: Date): PricePointSeed[] => {
  if (asset.stage !== 'secondary') return [];
  const random = seededRandom(`price:${asset.id}`);
  const issue = Number(asset.pricePerShareCents);
  const points: PricePointSeed[] = [];
  let level = issue;
  for (let day = HISTORY_DAYS; day >= 1; day -= 1) {
    level = Math.min(issue * 1.35, Math.max(issue * 0.8, level * (1 + (random() - 0.47) * 0.012)));
    const r = random();
    const trades = r < 0.35 ? 0 : r < 0.7 ? 1 : r < 0.9 ? 2 : 3;
    for (let i = 0; i < trades; i += 1) {
      const minute = 8 * 60 + Math.floor(random() * 12 * 60);
      points.push({
        assetId: asset.id,
        tradedAt: new Date(dayStart(now, day) + minute * 60_000),
        pricePerShareCents: BigInt(Math.round(level * (1 + (random() - 0.5) * 0.02))),
        sharesCount: 1 + Math.floor(random() * 25),
      });
    }
  }
  return points.sort((a, b) => a.tradedAt.getTime() - b.tradedAt.getTime());
};

const seasonal = (dayOfYear: number, amplitude: number): number =>
  1 + amplitude * Math.cos((2 * Math.PI * (dayOfYear - 172)) / 365);

/**
 * Daily production in kWh: photovoltaic peaks in June, wind in winter, storage is flat, a bundle
 * mixes them. Plants on the grid have a year; installed ones three weeks of trial operation.
 */
export const productionHistory = (asset: AssetSeed, now: Date): ProductionSeed[] => {
  const annual = asset.expectedAnnualProductionKwh ?? 0;
  const days =
    asset.constructionStatus === 'connectedToNetwork'
      ? HISTORY_DAYS
      : asset.constructionStatus === 'installed'
        ? 21
        : 0;
  if (!asset.powerPlantType || annual <= 0 || days === 0) return [];
  const random = seededRandom(`energy:${asset.id}`);
  const perDay = annual / 365;
  const trial = asset.constructionStatus === 'installed' ? 0.4 : 1;
  const rows: ProductionSeed[] = [];
  for (let day = days; day >= 1; day -= 1) {
    const date = new Date(dayStart(now, day));
    const dayOfYear = Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 0)) / MS_PER_DAY);
    const pv = seasonal(dayOfYear, 0.75) * (0.4 + random() * 1.2);
    const wind = seasonal(dayOfYear, -0.35) * (0.2 + random() * 1.6);
    const storage = 0.85 + random() * 0.3;
    const factor =
      asset.powerPlantType === 'photovoltaic'
        ? pv
        : asset.powerPlantType === 'wind'
          ? wind
          : asset.powerPlantType === 'storage'
            ? storage
            : 0.6 * pv + 0.3 * wind + 0.1 * storage;
    rows.push({
      assetId: asset.id,
      producedOn: date.toISOString().slice(0, 10),
      producedKwh: Math.max(0, Math.round(perDay * factor * trial)),
    });
  }
  return rows;
};
