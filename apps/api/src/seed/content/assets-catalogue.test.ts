import { assetTemplateKinds, constructionStatuses, listedAssetStages, powerPlantTypes } from '@bw/domain';
import { describe, expect, it } from 'vitest';
import { assetCatalogue } from './assets-catalogue.js';
import { assetDocumentSeeds } from './assets-content.js';
import { HISTORY_DAYS, priceHistory, productionHistory } from './assets-history.js';

const now = new Date('2026-11-22T09:00:00Z');
const catalogue = assetCatalogue(now);
const listed = catalogue.filter((a) => (listedAssetStages as readonly string[]).includes(a.stage));

describe('demo catalogue (issue 6)', () => {
  it('lists at least 16 assets covering every template kind, power-plant type and construction status', () => {
    expect(listed.length).toBeGreaterThanOrEqual(16);
    expect(new Set(listed.map((a) => a.templateKind))).toEqual(new Set(assetTemplateKinds));
    expect(new Set(listed.map((a) => a.powerPlantType).filter(Boolean))).toEqual(new Set(powerPlantTypes));
    expect(new Set(listed.map((a) => a.constructionStatus))).toEqual(new Set(constructionStatuses));
    expect(new Set(catalogue.map((a) => a.stage))).toEqual(
      new Set(['preparing', 'review', 'approved', 'declined', 'primary', 'secondary']),
    );
  });

  it('has unique ids and serial numbers, coordinates in Austria or Germany, and consistent money', () => {
    expect(new Set(catalogue.map((a) => a.id)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((a) => a.serialNumber)).size).toBe(catalogue.length);
    for (const asset of catalogue) {
      expect(['AT', 'DE']).toContain(asset.countryCode);
      expect(asset.latitude).toBeGreaterThan(46);
      expect(asset.latitude).toBeLessThan(55);
      expect(asset.availableShares).toBeLessThanOrEqual(asset.totalShares);
      expect(asset.fundingLimitCents).toBe(asset.pricePerShareCents * BigInt(asset.totalShares));
    }
  });

  it('generates the same history for the same day, a year of it for traded assets and plants on the grid', () => {
    const wien = catalogue.find((a) => a.id === 'wien-ottakring-zinshaus');
    const pv = catalogue.find((a) => a.id === 'pv-weinviertel-freiflaeche');
    if (!wien || !pv) throw new Error('catalogue changed');
    expect(priceHistory(wien, now)).toEqual(priceHistory(wien, now));
    const prices = priceHistory(wien, now);
    expect(prices.length).toBeGreaterThan(200);
    expect(prices[0]?.tradedAt.getTime()).toBeGreaterThanOrEqual(now.getTime() - (HISTORY_DAYS + 1) * 86_400_000);
    const production = productionHistory(pv, now);
    expect(production).toHaveLength(HISTORY_DAYS);
    expect(production).toEqual(productionHistory(pv, now));
    // a June day of a photovoltaic plant produces more than a December day
    const day = (iso: string) => production.find((p) => p.producedOn === iso)?.producedKwh ?? 0;
    const june = production.filter((p) => p.producedOn.slice(5, 7) === '06').reduce((s, p) => s + p.producedKwh, 0);
    const december = production.filter((p) => p.producedOn.slice(5, 7) === '12').reduce((s, p) => s + p.producedKwh, 0);
    expect(june).toBeGreaterThan(december);
    expect(day('2026-06-15')).toBeGreaterThan(0);
    expect(priceHistory(catalogue.find((a) => a.stage === 'primary') ?? pv, now)).toEqual([]);
  });

  it('makes real PDF documents', () => {
    const [first] = listed;
    if (!first) throw new Error('no listed asset');
    const docs = assetDocumentSeeds(first, now);
    expect(docs).toHaveLength(3);
    for (const doc of docs) {
      const head = String.fromCharCode(...doc.content.subarray(0, 8));
      expect(head).toBe('%PDF-1.4');
    }
  });
});
