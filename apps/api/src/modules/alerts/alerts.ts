import type { AlertBody, AlertView } from '@bw/contracts';
import { assetPricePoints, assets, bulletinOffers, type Db, investorAlertHits, investorAlerts } from '@bw/db';
import { formatSigningCents } from '@bw/domain';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Outbox } from '../../jobs/outbox.js';
import { AppError } from '../../lib/app-error.js';
import { notifyUser } from '../notifications/notify-user.js';

/** At most one notification per alert per hour (issue 40). */
export const ALERT_QUIET_MS = 60 * 60 * 1000;
const MAX_ALERTS = 50;

type AlertRow = typeof investorAlerts.$inferSelect;

const lastPrice = async (tx: Db, assetId: string): Promise<bigint | null> =>
  (
    await tx
      .select({ price: assetPricePoints.pricePerShareCents })
      .from(assetPricePoints)
      .where(eq(assetPricePoints.assetId, assetId))
      .orderBy(desc(assetPricePoints.tradedAt))
      .limit(1)
  )[0]?.price ?? null;

const toView = (row: AlertRow, assetTitle: string | null): AlertView => ({
  id: row.id,
  kind: row.kind,
  assetId: row.assetId,
  assetTitle,
  priceCents: row.priceCents?.toString() ?? null,
  direction: row.direction,
  filters: row.filters,
  lastNotifiedAt: row.lastNotifiedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const listAlerts = async (db: Db, userId: string): Promise<AlertView[]> =>
  (
    await db
      .select({ alert: investorAlerts, title: assets.title })
      .from(investorAlerts)
      .leftJoin(assets, eq(assets.id, investorAlerts.assetId))
      .where(eq(investorAlerts.userId, userId))
      .orderBy(desc(investorAlerts.createdAt))
  ).map(({ alert, title }) => toView(alert, title));

/** Sets an alert up; a price alert remembers the last price, so only a later crossing counts. */
export const createAlert = (db: Db, input: AlertBody & { userId: string; now: Date }): Promise<AlertView> =>
  db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ n: count() })
      .from(investorAlerts)
      .where(eq(investorAlerts.userId, input.userId));
    if ((existing?.n ?? 0) >= MAX_ALERTS) throw new AppError('ALERT_LIMIT_REACHED');
    let title: string | null = null;
    if (input.kind !== 'financing') {
      const [asset] = await tx.select({ title: assets.title }).from(assets).where(eq(assets.id, input.assetId));
      if (!asset) throw new AppError('ASSET_NOT_FOUND');
      title = asset.title;
    }
    const [row] = await tx
      .insert(investorAlerts)
      .values({
        userId: input.userId,
        kind: input.kind,
        assetId: input.kind === 'financing' ? null : input.assetId,
        priceCents: input.kind === 'financing' ? null : BigInt(input.priceCents),
        direction: input.kind === 'price' ? input.direction : null,
        filters: input.kind === 'financing' ? input.filters : null,
        lastSeenPriceCents: input.kind === 'price' ? await lastPrice(tx, input.assetId) : null,
        createdAt: input.now,
      })
      .returning();
    if (!row) throw new Error('the alert was not written');
    return toView(row, title);
  });

export const deleteAlert = async (db: Db, userId: string, alertId: string): Promise<void> => {
  const rows = await db
    .delete(investorAlerts)
    .where(and(eq(investorAlerts.id, alertId), eq(investorAlerts.userId, userId)))
    .returning({ id: investorAlerts.id });
  if (rows.length === 0) throw new AppError('ALERT_NOT_FOUND');
};

type Note = { subject: string; title: string; body: string; link: string; type: 'offer' | 'text' };

/**
 * Delivers one alert when it was quiet for an hour: claims the hour on the alert row (the claim and
 * the notification commit together), records the subject, and notifies through the investor's
 * channels (inbox always; push and e-mail by the settings of the notification type).
 */
const deliver = async (db: Db, outbox: Outbox, alert: AlertRow, note: Note, now: Date): Promise<boolean> =>
  db.transaction(async (tx) => {
    const claimed = await tx
      .update(investorAlerts)
      .set({ lastNotifiedAt: now })
      .where(
        and(
          eq(investorAlerts.id, alert.id),
          or(
            isNull(investorAlerts.lastNotifiedAt),
            lte(investorAlerts.lastNotifiedAt, new Date(now.getTime() - ALERT_QUIET_MS)),
          ),
        ),
      )
      .returning({ id: investorAlerts.id });
    if (claimed.length === 0) return false;
    await tx.insert(investorAlertHits).values({ alertId: alert.id, subject: note.subject }).onConflictDoNothing();
    await notifyUser(tx, outbox, {
      userId: alert.userId,
      key: `alert:${alert.id}:${note.subject}`,
      type: note.type,
      event: `alert.${alert.kind}`,
      title: note.title,
      body: note.body,
      link: note.link,
      data: { alertId: alert.id },
    });
    return true;
  });

const eur = (cents: bigint) => formatSigningCents(cents.toString());

const notHit = (subject: ReturnType<typeof sql>) =>
  notExists(
    sql`(SELECT 1 FROM ${investorAlertHits} h WHERE h.alert_id = ${investorAlerts.id} AND h.subject = ${subject})`,
  );

/** Price alerts: the last price crossed the level since it was last seen. */
const scanPrices = async (db: Db, outbox: Outbox, now: Date): Promise<number> => {
  let sent = 0;
  const rows = await db
    .select({ alert: investorAlerts, title: assets.title })
    .from(investorAlerts)
    .innerJoin(assets, eq(assets.id, investorAlerts.assetId))
    .where(eq(investorAlerts.kind, 'price'));
  for (const { alert, title } of rows) {
    if (!alert.assetId || alert.priceCents === null) continue;
    const price = await lastPrice(db, alert.assetId);
    if (price === null || price === alert.lastSeenPriceCents) continue;
    const before = alert.lastSeenPriceCents;
    const level = alert.priceCents;
    const crossed =
      before !== null &&
      (alert.direction === 'above' ? before < level && price >= level : before > level && price <= level);
    await db.update(investorAlerts).set({ lastSeenPriceCents: price }).where(eq(investorAlerts.id, alert.id));
    if (!crossed) continue;
    const word = alert.direction === 'above' ? 'über' : 'unter';
    if (
      await deliver(
        db,
        outbox,
        alert,
        {
          subject: `price:${now.toISOString()}`,
          type: 'offer',
          title: `Preisalarm: ${title}`.slice(0, 200),
          body: `Der letzte Preis von „${title}“ ist mit ${eur(price)} je Anteil ${word} deine Marke von ${eur(level)} gegangen.`,
          link: `asset/${alert.assetId}`,
        },
        now,
      )
    )
      sent += 1;
  }
  return sent;
};

/** Offer alerts: the cheapest public sell offer at or below the price, placed after the alert, not told yet. */
const scanOffers = async (db: Db, outbox: Outbox, now: Date): Promise<number> => {
  let sent = 0;
  const rows = await db
    .selectDistinctOn([investorAlerts.id], {
      alert: investorAlerts,
      title: assets.title,
      offerId: bulletinOffers.id,
      price: bulletinOffers.pricePerShareCents,
      shares: bulletinOffers.sharesRemaining,
    })
    .from(investorAlerts)
    .innerJoin(assets, eq(assets.id, investorAlerts.assetId))
    .innerJoin(
      bulletinOffers,
      and(
        eq(bulletinOffers.assetId, investorAlerts.assetId),
        eq(bulletinOffers.type, 'sell'),
        eq(bulletinOffers.status, 'open'),
        eq(bulletinOffers.visibility, 'bulletin'),
        lte(bulletinOffers.pricePerShareCents, sql`${investorAlerts.priceCents}`),
        gte(bulletinOffers.createdAt, investorAlerts.createdAt),
        sql`${bulletinOffers.firstPartyUserId} <> ${investorAlerts.userId}`,
      ),
    )
    .where(and(eq(investorAlerts.kind, 'offer'), notHit(sql`'offer:' || ${bulletinOffers.id}::text`)))
    .orderBy(asc(investorAlerts.id), asc(bulletinOffers.pricePerShareCents));
  for (const { alert, title, offerId, price, shares } of rows) {
    if (
      await deliver(
        db,
        outbox,
        alert,
        {
          subject: `offer:${offerId}`,
          type: 'offer',
          title: `Angebotsalarm: ${title}`.slice(0, 200),
          body: `Für „${title}“ wird ein Verkaufsangebot über ${shares} ${shares === 1 ? 'Anteil' : 'Anteile'} zu ${eur(price)} je Anteil angeboten – zu oder unter deiner Marke von ${eur(alert.priceCents ?? 0n)}.`,
          link: `trading/${alert.assetId}`,
        },
        now,
      )
    )
      sent += 1;
  }
  return sent;
};

const matches = (list: string[] | undefined, value: string) => !list || list.length === 0 || list.includes(value);

/** New-asset alerts: a financing phase opened after the alert for an asset matching its filters. */
const scanFinancing = async (db: Db, outbox: Outbox, now: Date): Promise<number> => {
  let sent = 0;
  const alerts = await db.select().from(investorAlerts).where(eq(investorAlerts.kind, 'financing'));
  if (alerts.length === 0) return 0;
  const oldest = alerts.reduce((min, one) => (one.createdAt < min ? one.createdAt : min), now);
  const opened = await db
    .select({
      id: assets.id,
      title: assets.title,
      securityType: assets.securityType,
      objectType: assets.objectType,
      countryCode: assets.countryCode,
      publishedAt: assets.publishedAt,
    })
    .from(assets)
    .where(and(eq(assets.stage, 'primary'), gt(assets.publishedAt, oldest)));
  if (opened.length === 0) return 0;
  const hits = await db
    .select()
    .from(investorAlertHits)
    .where(
      inArray(
        investorAlertHits.alertId,
        alerts.map((one) => one.id),
      ),
    );
  const told = new Set(hits.map((hit) => `${hit.alertId}|${hit.subject}`));
  for (const alert of alerts) {
    const filters = alert.filters ?? {};
    const asset = opened.find(
      (one) =>
        one.publishedAt !== null &&
        one.publishedAt > alert.createdAt &&
        !told.has(`${alert.id}|financing:${one.id}`) &&
        matches(filters.securityTypes, one.securityType) &&
        matches(filters.objectTypes, one.objectType) &&
        matches(filters.countryCodes, one.countryCode),
    );
    if (!asset) continue;
    if (
      await deliver(
        db,
        outbox,
        alert,
        {
          subject: `financing:${asset.id}`,
          type: 'text',
          title: `Neues Objekt: ${asset.title}`.slice(0, 200),
          body: `Für „${asset.title}“ hat die Finanzierungsphase begonnen. Es passt zu deinem gespeicherten Filter.`,
          link: `asset/${asset.id}`,
        },
        now,
      )
    )
      sent += 1;
  }
  return sent;
};

/** The alerts job (every minute): each kind checked, each alert told at most once an hour. */
export const scanAlerts = async (db: Db, outbox: Outbox, now: Date) => ({
  price: await scanPrices(db, outbox, now),
  offer: await scanOffers(db, outbox, now),
  financing: await scanFinancing(db, outbox, now),
});
