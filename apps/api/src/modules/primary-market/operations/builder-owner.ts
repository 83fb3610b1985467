import type { PurchaseView } from '@bw/contracts';
import { type Db, notaryAppointments, notaryReservations, preorders, primaryPurchases } from '@bw/db';
import { isBuilderOwner } from '@bw/domain';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';
import { findAsset, listPurchaseViews } from '../primary-market.repo.js';

/** `GET /launchpad/api/v1/asset/notary/{id}/date`: the coming appointments of a builder-owner asset. */
export const listNotaryDates = async (db: Db, assetId: string, now: Date) => {
  const asset = await findAsset(db, assetId);
  if (!asset) throw new AppError('ASSET_NOT_FOUND');
  if (!isBuilderOwner(asset.securityType)) throw new AppError('INVESTMENT_NOT_BUILDER_OWNER');
  const rows = await db
    .select()
    .from(notaryAppointments)
    .where(and(eq(notaryAppointments.assetId, assetId), gt(notaryAppointments.startsAt, now)))
    .orderBy(asc(notaryAppointments.startsAt));
  return rows.map((row) => ({
    id: row.id,
    date: row.startsAt.toISOString(),
    location: row.location,
    freeSeats: row.capacity - row.reserved,
  }));
};

/**
 * `POST /launchpad/api/v1/asset/notary/{id}/date/reserve {date, idAustria}`: books a seat at the
 * appointment for the user's open builder-owner purchase of the asset; choosing another date
 * moves the booking.
 */
export const reserveNotaryDate = (
  db: Db,
  input: { userId: string; assetId: string; date: string; idAustria: boolean; transactionId?: string; now: Date },
): Promise<PurchaseView> =>
  db.transaction(async (tx) => {
    const [purchase] = await tx
      .select()
      .from(primaryPurchases)
      .where(
        and(
          eq(primaryPurchases.userId, input.userId),
          eq(primaryPurchases.assetId, input.assetId),
          eq(primaryPurchases.method, 'bankWire'),
          inArray(primaryPurchases.status, ['reserved', 'awaitingPayment', 'awaitingNotary']),
          input.transactionId ? eq(primaryPurchases.transactionId, input.transactionId) : undefined,
        ),
      )
      .orderBy(desc(primaryPurchases.createdAt))
      .limit(1)
      .for('update');
    if (!purchase) throw new AppError('INVESTMENT_NOT_FOUND');
    const [appointment] = await tx
      .select()
      .from(notaryAppointments)
      .where(and(eq(notaryAppointments.assetId, input.assetId), eq(notaryAppointments.startsAt, new Date(input.date))))
      .for('update');
    if (!appointment || appointment.startsAt <= input.now) throw new AppError('NOTARY_APPOINTMENT_NOT_FOUND');
    const [current] = await tx
      .select()
      .from(notaryReservations)
      .where(eq(notaryReservations.transactionId, purchase.transactionId));
    if (current?.appointmentId === appointment.id) {
      await tx
        .update(notaryReservations)
        .set({ idAustria: input.idAustria, updatedAt: input.now })
        .where(eq(notaryReservations.transactionId, purchase.transactionId));
    } else {
      const [seat] = await tx
        .update(notaryAppointments)
        .set({ reserved: sql`${notaryAppointments.reserved} + 1` })
        .where(
          and(
            eq(notaryAppointments.id, appointment.id),
            sql`${notaryAppointments.reserved} < ${notaryAppointments.capacity}`,
          ),
        )
        .returning({ id: notaryAppointments.id });
      if (!seat) throw new AppError('NOTARY_APPOINTMENT_FULL');
      if (current) {
        await tx
          .update(notaryAppointments)
          .set({ reserved: sql`${notaryAppointments.reserved} - 1` })
          .where(eq(notaryAppointments.id, current.appointmentId));
      }
      await tx
        .insert(notaryReservations)
        .values({ transactionId: purchase.transactionId, appointmentId: appointment.id, idAustria: input.idAustria })
        .onConflictDoUpdate({
          target: notaryReservations.transactionId,
          set: { appointmentId: appointment.id, idAustria: input.idAustria, updatedAt: input.now },
        });
    }
    const [view] = await listPurchaseViews(tx, { userId: input.userId, transactionId: purchase.transactionId });
    if (!view) throw new Error('unreachable: purchase locked above');
    return view;
  });

/**
 * `POST /launchpad/api/v1/asset/preorder {amount, assetId}`: a pre-booking (reservation) of an
 * amount before or during the financing phase; a second one replaces the first.
 */
export const preorder = async (db: Db, input: { userId: string; assetId: string; amountCents: bigint; now: Date }) => {
  const asset = await findAsset(db, input.assetId);
  if (!asset) throw new AppError('ASSET_NOT_FOUND');
  if (!['approved', 'primary'].includes(asset.stage) || input.amountCents <= 0n)
    throw new AppError('PREORDER_NOT_POSSIBLE');
  const [row] = await db
    .insert(preorders)
    .values({ userId: input.userId, assetId: input.assetId, amountCents: input.amountCents })
    .onConflictDoUpdate({
      target: [preorders.userId, preorders.assetId],
      set: { amountCents: input.amountCents, updatedAt: input.now },
    })
    .returning();
  if (!row) throw new AppError('CONFLICT');
  return {
    id: row.id,
    assetId: row.assetId,
    amount: row.amountCents.toString(),
    createdAt: row.createdAt.toISOString(),
  };
};
