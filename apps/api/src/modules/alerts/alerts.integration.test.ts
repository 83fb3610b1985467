import { assetPricePoints, assets, notifications } from '@bw/db';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createTrader, fundShares, openOffer, type Trader } from '../bulletin-board/bulletin-board.test-support.js';
import { createPrimaryAsset } from '../primary-market/primary-market.test-support.js';
import { ALERT_QUIET_MS, scanAlerts } from './alerts.js';

/**
 * Issue 40, alerts: a price alert when the last price crosses the level, an offer alert when a
 * public sell offer at or below the price appears, a new-asset alert when a financing phase
 * matching the filters opens; each through the investor's notification channels, at most once per
 * alert per hour, with a link the inbox maps into the investor's route family.
 */
let t: TestApp;
const BASE = '/api/v1/user/alerts';

const post = (user: Trader, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: BASE, headers: user.headers, payload });

const notesOf = (userId: string, event: string) =>
  t.app.db
    .select({ title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.event, event), like(notifications.key, 'alert:%')));

const pricePoint = (assetId: string, cents: bigint, at: Date) =>
  t.app.db.insert(assetPricePoints).values({ assetId, tradedAt: at, pricePerShareCents: cents, sharesCount: 1 });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('alerts', () => {
  it('are set up, listed and deleted; bad input is refused', async () => {
    const investor = await createTrader(t.app);
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    expect(
      (await post(investor, { kind: 'price', assetId: 'gibt-es-nicht', priceCents: '100', direction: 'above' }))
        .statusCode,
    ).toBe(404);
    expect((await post(investor, { kind: 'offer', assetId: 'x', priceCents: '0' })).statusCode).toBe(400);
    const assetId = await createPrimaryAsset(t.app.db, { availableShares: 10, stage: 'secondary' });
    const created = await post(investor, { kind: 'offer', assetId, priceCents: '9000' });
    expect(created.statusCode, created.body).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: BASE, headers: investor.headers })).json().data;
    expect(list).toHaveLength(1);
    const id = created.json().data.id;
    expect((await t.app.inject({ method: 'DELETE', url: `${BASE}/${id}`, headers: investor.headers })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `${BASE}/${id}`, headers: investor.headers })).statusCode).toBe(
      404,
    );
  });

  it('price: tells a crossing of the level once, and not again within the hour', async () => {
    const investor = await createTrader(t.app);
    const assetId = await createPrimaryAsset(t.app.db, { availableShares: 10, stage: 'secondary' });
    const start = new Date();
    await pricePoint(assetId, 9_500n, new Date(start.getTime() - 60_000));
    expect((await post(investor, { kind: 'price', assetId, priceCents: '10000', direction: 'above' })).statusCode).toBe(
      200,
    );
    await scanAlerts(t.app.db, t.app.outbox, start);
    expect(await notesOf(investor.userId, 'alert.price')).toHaveLength(0);
    await pricePoint(assetId, 10_200n, new Date(start.getTime() + 1_000));
    await scanAlerts(t.app.db, t.app.outbox, new Date(start.getTime() + 2_000));
    const [note] = await notesOf(investor.userId, 'alert.price');
    expect(note?.title).toContain('Preisalarm');
    expect(note?.body.replace(/\s/g, ' ')).toContain('102,00 € je Anteil über deine Marke von 100,00 €');
    expect(note?.link).toBe(`asset/${assetId}`);
    // Down and up again within the hour: no second notification.
    await pricePoint(assetId, 9_000n, new Date(start.getTime() + 3_000));
    await scanAlerts(t.app.db, t.app.outbox, new Date(start.getTime() + 4_000));
    await pricePoint(assetId, 10_500n, new Date(start.getTime() + 5_000));
    await scanAlerts(t.app.db, t.app.outbox, new Date(start.getTime() + 6_000));
    expect(await notesOf(investor.userId, 'alert.price')).toHaveLength(1);
  });

  it('offer: a public sell offer at or below the price is told with a link to the trading screen', async () => {
    const investor = await createTrader(t.app);
    const seller = await createTrader(t.app);
    const assetId = await createPrimaryAsset(t.app.db, {
      availableShares: 0,
      totalShares: 1000,
      pricePerShareCents: 10_000n,
      stage: 'secondary',
    });
    await fundShares(t.app.db, seller.userId, assetId, 20);
    expect((await post(investor, { kind: 'offer', assetId, priceCents: '10000' })).statusCode).toBe(200);
    await openOffer(t.app, seller, { assetId, type: 'sell', sharesAmount: 5, price: '10500' });
    await scanAlerts(t.app.db, t.app.outbox, new Date());
    expect(await notesOf(investor.userId, 'alert.offer')).toHaveLength(0);
    await openOffer(t.app, seller, { assetId, type: 'sell', sharesAmount: 3, price: '9900' });
    const now = new Date();
    await scanAlerts(t.app.db, t.app.outbox, now);
    const [note] = await notesOf(investor.userId, 'alert.offer');
    expect(note?.body.replace(/\s/g, ' ')).toContain('über 3 Anteile zu 99,00 € je Anteil');
    expect(note?.link).toBe(`trading/${assetId}`);
    // A second matching offer within the hour waits; after the hour it is told.
    await openOffer(t.app, seller, { assetId, type: 'sell', sharesAmount: 2, price: '9800' });
    await scanAlerts(t.app.db, t.app.outbox, new Date(now.getTime() + 60_000));
    expect(await notesOf(investor.userId, 'alert.offer')).toHaveLength(1);
    await scanAlerts(t.app.db, t.app.outbox, new Date(now.getTime() + ALERT_QUIET_MS + 1_000));
    expect(await notesOf(investor.userId, 'alert.offer')).toHaveLength(2);
    await scanAlerts(t.app.db, t.app.outbox, new Date(now.getTime() + 3 * ALERT_QUIET_MS));
    expect(await notesOf(investor.userId, 'alert.offer')).toHaveLength(2);
  });

  it('financing: a phase opening for an asset matching the filters is told once', async () => {
    const investor = await createTrader(t.app);
    const created = await post(investor, {
      kind: 'financing',
      filters: { securityTypes: ['participationKG'], countryCodes: ['AT'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const later = new Date(Date.now() + 5_000);
    const other = await createPrimaryAsset(t.app.db, { availableShares: 10, securityType: 'participationRightEquity' });
    const match = await createPrimaryAsset(t.app.db, { availableShares: 10 });
    await t.app.db.update(assets).set({ publishedAt: later }).where(eq(assets.id, other));
    await t.app.db.update(assets).set({ publishedAt: later }).where(eq(assets.id, match));
    await scanAlerts(t.app.db, t.app.outbox, new Date(later.getTime() + 1_000));
    const notes = await notesOf(investor.userId, 'alert.financing');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.link).toBe(`asset/${match}`);
    await scanAlerts(t.app.db, t.app.outbox, new Date(later.getTime() + 2 * ALERT_QUIET_MS));
    expect(await notesOf(investor.userId, 'alert.financing')).toHaveLength(1);
  });
});
