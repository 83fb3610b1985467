import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  assetDetail,
  assetListPage,
  energyData,
  launchpadAsset,
  offer,
  realtimeEvents,
  transactionMetadata,
} from '@bw/contracts';
import { availableBricks } from '@bw/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { publicUrl, REPO_ROOT } from '../../config.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser, type LoggedIn } from '../auth/auth.test-support.js';
import { createOfferCall, createTrader, SECONDARY_ASSET } from '../bulletin-board/bulletin-board.test-support.js';

let t: TestApp;
let user: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  user = await createLoggedInUser(t.app);
});
afterAll(() => t.close());

const list = async (query: Record<string, string> = {}, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url: '/api/v2/assets', query, headers });
  expect(res.statusCode).toBe(200);
  return assetListPage.parse(res.json().data);
};

const SECONDARY = 'wien-ottakring-zinshaus';
const PRIMARY = 'graz-lend-dachgeschoss';
const PLANT = 'pv-weinviertel-freiflaeche';
const HIDDEN = ['st-poelten-vorbereitung', 'bregenz-pruefung', 'hamburg-freigegeben', 'dornbirn-abgelehnt'];

describe('GET /api/v2/assets (marketplace)', () => {
  it('lists only stages primary and secondary, sorted by available bricks then forced ranking', async () => {
    const page = await list({ pageSize: '100' });
    expect(page.totalCount).toBeGreaterThanOrEqual(16);
    expect(new Set(page.assets.map((a) => a.stage))).toEqual(new Set(['primary', 'secondary']));
    for (const id of HIDDEN) expect(page.assets.some((a) => a.id === id)).toBe(false);
    const bricks = page.assets.map((a) => a.investmentDetails.availableBricks);
    expect(bricks).toEqual([...bricks].sort((a, b) => b - a));
    for (const asset of page.assets) expect(asset.investmentDetails.availableBricks).toBe(availableBricks(asset));
    // ties on bricks are broken by forcedRanking ascending
    for (let i = 1; i < page.assets.length; i += 1) {
      const [a, b] = [page.assets[i - 1], page.assets[i]];
      if (a && b && a.investmentDetails.availableBricks === b.investmentDetails.availableBricks) {
        expect(a.forcedRanking).toBeLessThanOrEqual(b.forcedRanking);
      }
    }
  });

  it('covers every template kind, power-plant type and construction status', async () => {
    const { assets } = await list({ pageSize: '100' });
    expect(new Set(assets.map((a) => a.templateKind)).size).toBe(5);
    expect(new Set(assets.map((a) => a.powerPlantType).filter(Boolean))).toEqual(
      new Set(['photovoltaic', 'wind', 'storage', 'bundle']),
    );
    expect(new Set(assets.map((a) => a.constructionStatus)).size).toBe(5);
    expect(new Set(assets.map((a) => a.address.countryCode))).toEqual(new Set(['AT', 'DE']));
    expect(assets.some((a) => a.templateKind === 'realEstate' && a.debtCapital)).toBe(true);
    expect(assets.some((a) => a.templateKind === 'realEstate' && !a.debtCapital)).toBe(true);
  });

  it('filters and pages', async () => {
    const planning = await list({ filter: 'planning' });
    expect(planning.assets.length).toBeGreaterThan(0);
    expect(planning.assets.every((a) => a.constructionStatus === 'planning')).toBe(true);
    const preSale = await list({ filter: 'primaryMarket' });
    expect(preSale.assets.every((a) => a.stage === 'primary')).toBe(true);
    const firstTwo = await list({ pageSize: '2' });
    const nextTwo = await list({ pageSize: '2', page: '1' });
    const all = await list({ pageSize: '4' });
    expect([...firstTwo.assets, ...nextTwo.assets].map((a) => a.id)).toEqual(all.assets.map((a) => a.id));
    const fresh = await list({ section: 'new', pageSize: '100' });
    expect(fresh.assets.every((a) => a.isNew)).toBe(true);
    expect(fresh.totalCount).toBeGreaterThan(0);
  });

  it('answers bad query values with VALIDATION_FAILED', async () => {
    const badQueries: Record<string, string>[] = [
      { filter: 'cheap' },
      { pageSize: '0' },
      { pageSize: '101' },
      { page: '-1' },
      { section: 'x' },
    ];
    for (const query of badQueries) {
      const res = await t.app.inject({ url: '/api/v2/assets', query });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /api/v2/assets/{id}', () => {
  it('returns every field with records, documents and the issuer offer', async () => {
    const res = await t.app.inject({ url: `/api/v2/assets/${PRIMARY}` });
    expect(res.statusCode).toBe(200);
    const asset = assetDetail.parse(res.json().data);
    expect(asset.records.length).toBeGreaterThan(0);
    expect(asset.documents.length).toBeGreaterThanOrEqual(3);
    expect(asset.offers).toHaveLength(1);
    expect(asset.offers[0]?.type).toBe('primary');
    expect(asset.fees.transactionFeeBps).toBe(100);
    expect(asset.scenarios?.medium.distributionBps).toBeGreaterThan(0);
  });

  it('does not show assets outside primary and secondary, nor unknown ids', async () => {
    for (const id of [...HIDDEN, 'does-not-exist']) {
      const res = await t.app.inject({ url: `/api/v2/assets/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('ASSET_NOT_FOUND');
    }
    const bad = await t.app.inject({ url: '/api/v2/assets/NOT_AN_ID!' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/v2/assets/{id}/offers', () => {
  it("gives the issuer's offer with the partner's fee, rounded half up", async () => {
    const res = await t.app.inject({ url: `/api/v2/assets/${PRIMARY}/offers` });
    const [primary] = z.array(offer).parse(res.json().data);
    expect(primary).toBeDefined();
    if (!primary) return;
    const total = BigInt(primary.price) * BigInt(primary.sharesAmount);
    expect(primary.totalPrice).toBe(total.toString());
    expect(BigInt(primary.transactionFee)).toBe((total * 100n + 5_000n) / 10_000n);
    expect(BigInt(primary.transactionTotalAmount)).toBe(total + BigInt(primary.transactionFee));
    const secondary = await t.app.inject({ url: `/api/v2/assets/${SECONDARY}/offers` });
    expect(secondary.json().data).toEqual([]);
    expect((await t.app.inject({ url: '/api/v2/assets/nope/offers' })).statusCode).toBe(404);
  });
});

describe('GET /api/v1/assets/transactionMetadata/{id}', () => {
  it('gives the 30-day VWAP and, on request, a year of daily prices with the moving average', async () => {
    const plain = transactionMetadata.parse(
      (await t.app.inject({ url: `/api/v1/assets/transactionMetadata/${SECONDARY}` })).json().data,
    );
    expect(plain.diagramData).toBeUndefined();
    expect(plain.averagePrice30DaysCents).not.toBeNull();
    expect(plain.lowestOfferPrice).toBe('10450');
    expect(plain.availableBricksSecondary).toBe(420);
    const res = await t.app.inject({
      url: `/api/v1/assets/transactionMetadata/${SECONDARY}`,
      query: { fields: 'diagramData' },
    });
    const withChart = transactionMetadata.parse(res.json().data);
    const points = withChart.diagramData?.points ?? [];
    expect(points.length).toBeGreaterThan(150);
    expect(points.map((p) => p.date)).toEqual([...points.map((p) => p.date)].sort());
    // the last moving-average point is the 30-day VWAP of the trades up to that day
    const last = points.at(-1);
    expect(last && BigInt(last.movingAverageCents)).toBeGreaterThan(0n);
  });

  it('has no average for an asset never traded', async () => {
    const res = await t.app.inject({
      url: `/api/v1/assets/transactionMetadata/${PRIMARY}`,
      query: { fields: 'diagramData' },
    });
    const data = transactionMetadata.parse(res.json().data);
    expect(data.averagePrice30DaysCents).toBeNull();
    expect(data.diagramData?.points).toEqual([]);
  });

  it('rejects unknown fields and ids', async () => {
    const bad = await t.app.inject({
      url: `/api/v1/assets/transactionMetadata/${SECONDARY}`,
      query: { fields: 'all' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/assets/transactionMetadata/nope' })).statusCode).toBe(404);
  });
});

describe('GET /api/v2/assets/{id}/energyData', () => {
  it('gives daily production and the household impact of the last year', async () => {
    const res = await t.app.inject({ url: `/api/v2/assets/${PLANT}/energyData` });
    expect(res.statusCode).toBe(200);
    const data = energyData.parse(res.json().data);
    expect(data.production.length).toBeGreaterThanOrEqual(360);
    expect(data.totals.last365DaysKwh).toBe(data.production.reduce((sum, p) => sum + p.kwh, 0));
    expect(data.impact.householdsHundredths).toBe(Math.floor((data.totals.last365DaysKwh * 100) / 4_500));
    expect(data.assumptions.householdWhPerYear).toBe(4_500_000);
    const month = energyData.parse(
      (await t.app.inject({ url: `/api/v2/assets/${PLANT}/energyData?days=30` })).json().data,
    );
    expect(month.production.length).toBeLessThanOrEqual(31);
  });

  it('has none for real estate and rejects bad periods', async () => {
    const res = await t.app.inject({ url: `/api/v2/assets/${SECONDARY}/energyData` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('ENERGY_DATA_NOT_AVAILABLE');
    for (const days of ['0', '731', 'abc']) {
      expect((await t.app.inject({ url: `/api/v2/assets/${PLANT}/energyData?days=${days}` })).statusCode).toBe(400);
    }
  });
});

describe('GET /api/v1/assets/{id}/documents/', () => {
  const isPdf = (body: Buffer) => body.subarray(0, 5).toString('latin1') === '%PDF-' && body.includes('%%EOF');

  it('serves the contract pack and each stored document as PDF', async () => {
    const pack = await t.app.inject({ url: `/api/v1/assets/${PRIMARY}/documents/` });
    expect(pack.statusCode).toBe(200);
    expect(pack.headers['content-type']).toBe('application/pdf');
    expect(isPdf(pack.rawPayload)).toBe(true);
    expect(pack.rawPayload.toString('latin1')).toContain('Kaufvertrag');
    const detail = assetDetail.parse((await t.app.inject({ url: `/api/v2/assets/${PRIMARY}` })).json().data);
    for (const doc of detail.documents) {
      const res = await t.app.inject({ url: doc.url });
      expect(res.statusCode).toBe(200);
      expect(isPdf(res.rawPayload)).toBe(true);
    }
  });

  it('answers unknown documents and assets with 404', async () => {
    const res = await t.app.inject({ url: `/api/v1/assets/${PRIMARY}/documents/?documentId=${SECONDARY}-d1` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('DOCUMENT_NOT_FOUND');
    expect((await t.app.inject({ url: '/api/v1/assets/bregenz-pruefung/documents/' })).statusCode).toBe(404);
  });
});

describe('likes (POST/DELETE /api/v1/utils/like)', () => {
  const like = (method: 'POST' | 'DELETE', assetId: unknown, headers: Record<string, string> = user.headers) =>
    t.app.inject({ method, url: '/api/v1/utils/like', headers, payload: { assetId } });

  it('asks a guest to log in', async () => {
    const res = await like('POST', PRIMARY, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('likes and unlikes idempotently, shows it in the list and publishes update_assets', async () => {
    const published = vi.spyOn(t.app.realtime.io ?? { emit: () => true }, 'emit');
    const before = (await list({ pageSize: '100' })).assets.find((a) => a.id === PLANT)?.likes ?? 0;
    const first = await like('POST', PLANT);
    expect(first.json().data).toEqual({ assetId: PLANT, liked: true, likes: before + 1 });
    const again = await like('POST', PLANT);
    expect(again.json().data.likes).toBe(before + 1);
    // Announcements go out together after a short window (ANNOUNCE_COALESCE_MS, issue 27).
    await vi.waitFor(() => expect(published).toHaveBeenCalledWith(realtimeEvents.updateAssets, { assetIds: [PLANT] }));
    expect(published).toHaveBeenCalledTimes(1);

    const mine = await list({ filter: 'liked' }, user.headers);
    expect(mine.assets.map((a) => a.id)).toEqual([PLANT]);
    expect(mine.assets[0]?.liked).toBe(true);
    const guestView = (await list({ pageSize: '100' })).assets.find((a) => a.id === PLANT);
    expect(guestView).toMatchObject({ likes: before + 1, liked: false });
    expect((await list({ filter: 'liked' })).assets).toEqual([]);
    const detail = assetDetail.parse(
      (await t.app.inject({ url: `/api/v2/assets/${PLANT}`, headers: user.headers })).json().data,
    );
    expect(detail.liked).toBe(true);

    expect((await like('DELETE', PLANT)).json().data).toEqual({ assetId: PLANT, liked: false, likes: before });
    expect((await like('DELETE', PLANT)).json().data.likes).toBe(before);
    expect((await list({ filter: 'liked' }, user.headers)).assets).toEqual([]);
    published.mockRestore();
  });

  it('rejects bad bodies and unknown or unlisted assets', async () => {
    for (const assetId of [42, '', 'UPPER', null]) expect((await like('POST', assetId)).statusCode).toBe(400);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v1/utils/like',
      headers: user.headers,
      payload: { assetId: PLANT, more: 1 },
    });
    expect(extra.statusCode).toBe(400);
    expect((await like('POST', 'dornbirn-abgelehnt')).statusCode).toBe(404);
    expect((await like('POST', 'no-such-asset')).json().error.code).toBe('ASSET_NOT_FOUND');
  });
});

describe('share links', () => {
  it('creates one stable short link per asset that redirects to the asset page', async () => {
    const first = await t.app.inject({ method: 'POST', url: `/api/v1/assets/${PRIMARY}/shareLink` });
    expect(first.statusCode).toBe(200);
    const { shortUrl, targetUrl } = first.json().data;
    // Issue 20: the seed's loopback partner URL is replaced by the server's public URL.
    expect(targetUrl).toBe(`${publicUrl(t.app.config)}/asset/${PRIMARY}`);
    const second = await t.app.inject({ method: 'POST', url: `/api/v1/assets/${PRIMARY}/shareLink` });
    expect(second.json().data.shortUrl).toBe(shortUrl);
    const redirect = await t.app.inject({ url: new URL(shortUrl).pathname });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(targetUrl);
    expect((await t.app.inject({ url: '/api/v1/utils/shortLink/zzzzzzzz' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/assets/bregenz-pruefung/shareLink' })).statusCode).toBe(
      404,
    );
  });
});

describe('launchpad', () => {
  it('answers the assets asked for by ids, leaving out unknown and unlisted ones', async () => {
    const res = await t.app.inject({
      url: '/launchpad/api/v2/assets',
      query: { ids: `${PLANT},nope,bregenz-pruefung,${PRIMARY}` },
    });
    const assets = z.array(launchpadAsset).parse(res.json().data);
    expect(assets.map((a) => a.id)).toEqual([PLANT, PRIMARY]);
    expect(assets[0]?.features.every((f) => typeof f === 'string')).toBe(true);
    for (const ids of ['', 'BAD!', Array.from({ length: 101 }, (_, i) => `a${i}`).join(',')]) {
      expect((await t.app.inject({ url: '/launchpad/api/v2/assets', query: { ids } })).statusCode).toBe(400);
    }
    expect((await t.app.inject({ url: '/launchpad/api/v2/assets' })).statusCode).toBe(400);
  });

  it('populates features with labels on request', async () => {
    const res = await t.app.inject({ url: `/launchpad/api/v2/asset/${SECONDARY}?populateFeatures=true` });
    const asset = launchpadAsset.parse(res.json().data);
    expect(asset.features[0]).toEqual({ key: 'elevator', label: 'Lift' });
    expect(asset.spv.address.countryCode).toBe('AT');
    expect((await t.app.inject({ url: `/launchpad/api/v2/asset/${SECONDARY}?populateFeatures=yes` })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ url: '/launchpad/api/v2/asset/nope' })).statusCode).toBe(404);
  });

  it('gives records newest first and the serial number', async () => {
    const records = (await t.app.inject({ url: `/launchpad/api/v1/records/asset/${SECONDARY}` })).json().data;
    expect(records.length).toBe(4);
    expect(records.map((r: { recordedOn: string }) => r.recordedOn)).toEqual(
      records
        .map((r: { recordedOn: string }) => r.recordedOn)
        .sort()
        .reverse(),
    );
    const serial = (await t.app.inject({ url: `/launchpad/api/v1/asset/serialnumber/${SECONDARY}` })).json().data;
    expect(serial.serialNumber).toMatch(/^BW-\d{4}-\d{4}$/);
    expect((await t.app.inject({ url: '/launchpad/api/v1/records/asset/nope' })).statusCode).toBe(404);
  });

  it('asks a user once for marketing consent per asset; guests must log in', async () => {
    const url = `/launchpad/api/v1/spv/marketing/${PLANT}`;
    expect((await t.app.inject({ url: `${url}/neededMarketingTypesForUser` })).statusCode).toBe(401);
    const needed = await t.app.inject({ url: `${url}/neededMarketingTypesForUser`, headers: user.headers });
    expect(needed.json().data).toEqual({ neededMarketingTypes: ['email', 'phone'] });
    const bad = await t.app.inject({
      method: 'POST',
      url: `${url}/user`,
      headers: user.headers,
      payload: { marketingConsent: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const answered = await t.app.inject({
      method: 'POST',
      url: `${url}/user`,
      headers: user.headers,
      payload: { marketingConsent: false },
    });
    expect(answered.json().data).toEqual({ assetId: PLANT, marketingConsent: false, neededMarketingTypes: [] });
    const after = await t.app.inject({ url: `${url}/neededMarketingTypesForUser`, headers: user.headers });
    expect(after.json().data.neededMarketingTypes).toEqual([]);
    const guestPost = await t.app.inject({ method: 'POST', url: `${url}/user`, payload: { marketingConsent: true } });
    expect(guestPost.statusCode).toBe(401);
  });
});

describe('demo photos', () => {
  it('are real WebP files beside the seed, which uploads them through the back office (ADR 0022)', async () => {
    const { assets } = await list({ pageSize: '100' });
    const urls = new Set(assets.map((a) => a.imageUrl).filter((u): u is string => u !== null));
    expect(urls.size).toBeGreaterThan(0);
    for (const url of urls) {
      const bytes = readFileSync(path.join(REPO_ROOT, 'apps/api/src/seed/content/photos', path.basename(url)));
      // A real WebP file (RIFF container, WEBP form), not a renamed drawing.
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });
});

describe("GET /api/v2/assets/{id}: the user's own shares", () => {
  it('are the shares the user owns, free or reserved for an own sell offer; a guest sees 0', async () => {
    const holder = await createTrader(t.app, { shares: 7 });
    const detail = async (headers?: Record<string, string>) =>
      (await t.app.inject({ url: `/api/v2/assets/${SECONDARY_ASSET}`, ...(headers ? { headers } : {}) })).json().data;
    expect((await detail(holder.headers)).shares).toBe(7);
    expect((await detail()).shares).toBe(0);
    const offer = await createOfferCall(t.app, holder, { type: 'sell', sharesAmount: 3, price: '10000' });
    expect(offer.statusCode, offer.body).toBe(200);
    expect((await detail(holder.headers)).shares).toBe(7);
  });
});
