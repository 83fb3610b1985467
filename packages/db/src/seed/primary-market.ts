import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../connection.js';
import { assets, bonusCodes, notaryAppointments } from '../schema/index.js';

/** Demo bonus codes (flag bonusCodes): one for the primary market, one for both markets. */
export const demoBonusCodes = [
  {
    code: 'WILLKOMMEN25',
    title: 'Willkommensbonus 25 €',
    amountCents: 2_500n,
    applicability: 'primaryMarket' as const,
  },
  {
    code: 'ZIEGEL10',
    title: 'Ziegelbonus 10 €',
    amountCents: 1_000n,
    applicability: 'primaryAndSecondary' as const,
    minimumInvestmentCents: 10_000n,
  },
];

const DAY_MS = 86_400_000;
const NOTARY_WEEKS = 6;
export const NOTARY_SEATS = 8;

/** Every Tuesday and Thursday at 10:00 UTC for the coming weeks, from tomorrow on. */
export const appointmentTimes = (now: Date): Date[] => {
  const times: Date[] = [];
  for (let day = 1; day <= NOTARY_WEEKS * 7; day += 1) {
    const date = new Date(now.getTime() + day * DAY_MS);
    if (date.getUTCDay() !== 2 && date.getUTCDay() !== 4) continue;
    date.setUTCHours(10, 0, 0, 0);
    times.push(date);
  }
  return times;
};

/**
 * Bonus codes and notary appointments of the builder-owner assets. Idempotent, and run on every
 * start: appointments are added for the coming weeks, so the demo always has dates to choose.
 */
export const seedPrimaryMarket = async (db: Db, now: Date = new Date()): Promise<void> => {
  await db.insert(bonusCodes).values(demoBonusCodes).onConflictDoNothing();
  const builderOwner = await db
    .select({ id: assets.id, city: assets.city })
    .from(assets)
    .where(and(eq(assets.securityType, 'participationRightEquityBuilderOwner'), eq(assets.stage, 'primary')));
  for (const asset of builderOwner) {
    const coming = await db
      .select({ id: notaryAppointments.id })
      .from(notaryAppointments)
      .where(
        and(
          eq(notaryAppointments.assetId, asset.id),
          gt(notaryAppointments.startsAt, new Date(now.getTime() + 14 * DAY_MS)),
        ),
      )
      .limit(1);
    if (coming.length > 0) continue;
    await db
      .insert(notaryAppointments)
      .values(
        appointmentTimes(now).map((startsAt) => ({
          assetId: asset.id,
          startsAt,
          location: `Notariat ${asset.city}, Marktplatz 1`,
          capacity: NOTARY_SEATS,
        })),
      )
      .onConflictDoNothing();
  }
};
