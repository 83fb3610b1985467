import type { AccountDeletionView } from '@bw/contracts';
import {
  accountDeletions,
  authTokens,
  type Db,
  knownDevices,
  personalInformation,
  reminders,
  sessions,
  userMarketingData,
  userPreferences,
  users,
  userTaxIds,
} from '@bw/db';
import { and, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { publicUrl } from '../../../config.js';
import { AppError } from '../../../lib/app-error.js';
import { pgErrorOf } from '../../../lib/pg-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { composeEmail, type RenderedEmail, renderLayout } from '../../auth/emails/layout.js';
import { brandOf, queueAccountEmail } from '../../auth/emails/send-account-email.js';
import { randomToken, sha256 } from '../../auth/secrets.js';
import { countOpenOffers, findOpenDeletion, nonEmptyUserBooks } from '../settings.repo.js';

/** ADR 0024: a confirmed deletion is carried out after four days; the hourly job keeps it within 4 to 7 days. */
export const DELETION_DELAY_DAYS = 4;
const DAY_MS = 86_400_000;
const UNIQUE_VIOLATION = '23505';
/** The confirmation link in the e-mail stays valid this long. */
const CONFIRM_TTL_MS = DAY_MS;

const toView = (row: { status: string; executeAfter: Date | null }): AccountDeletionView => ({
  status: row.status === 'confirmed' ? 'confirmed' : 'requested',
  executeAfter: row.executeAfter?.toISOString() ?? null,
});

export const deletionView = async (db: Db, userId: string): Promise<AccountDeletionView | null> => {
  const open = await findOpenDeletion(db, userId);
  return open ? toView(open) : null;
};

/** What still ties the user to the platform, as the error that says what to do first (issue 20). */
export const deletionRefusal = async (db: Db, userId: string): Promise<AppError | null> => {
  const books = await nonEmptyUserBooks(db, userId);
  if (books.some((book) => book.kind === 'user_shares' || book.kind === 'user_shares_held'))
    return new AppError('ACCOUNT_DELETION_HOLDINGS');
  if ((await countOpenOffers(db, userId)) > 0) return new AppError('ACCOUNT_DELETION_OFFERS');
  if (books.length > 0) return new AppError('ACCOUNT_DELETION_MONEY');
  return null;
};

const confirmationEmail = (partnerName: string, brand: Awaited<ReturnType<typeof brandOf>>, link: string) => {
  const heading = 'Bestätige die Löschung deines Kontos';
  const intro = `Du hast beantragt, dein Konto bei ${partnerName} zu löschen. Bestätige das mit dem Link unten. Dein Konto wird dann nach ${DELETION_DELAY_DAYS} bis 7 Tagen endgültig gelöscht.`;
  const note = 'Der Link gilt 24 Stunden. Wenn du das nicht beantragt hast, ignoriere diese E-Mail: dein Konto bleibt.';
  return {
    subject: `${partnerName}: Bestätige die Löschung deines Kontos`,
    text: `${heading}\n\n${intro}\n\n${link}\n\n${note}`,
    html: renderLayout(brand, {
      heading,
      paragraphs: [intro, note],
      action: { label: 'Löschung bestätigen', url: link },
    }),
  };
};

/** `POST /api/v2/user/deletion`: refused while holdings, offers or money remain; otherwise a confirmation e-mail. */
export const requestDeletion = async (app: FastifyInstance, user: SessionUser): Promise<AccountDeletionView> => {
  const refusal = await deletionRefusal(app.db, user.userId);
  if (refusal) throw refusal;
  const token = randomToken();
  const brand = await brandOf(app.db, user.partnerId);
  const link = `${publicUrl(app.config)}/mobileWeb/settings?option=confirmDeletion&token=${token}`;
  try {
    return await app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(accountDeletions)
        .values({
          userId: user.userId,
          tokenHash: sha256(token),
          tokenExpiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
        })
        .returning();
      await queueAccountEmail(
        app,
        tx,
        `account-deletion:${sha256(token)}`,
        user.email,
        confirmationEmail(brand.partnerName, brand, link),
      );
      if (!row) throw new AppError('INTERNAL');
      return toView(row);
    });
  } catch (error) {
    // One open request per user (unique index): a second one, or a race, answers 409.
    if (pgErrorOf(error).code === UNIQUE_VIOLATION) throw new AppError('ACCOUNT_DELETION_PENDING');
    throw error;
  }
};

/** `POST /api/v2/user/deletion/confirm {token}`: the link of the e-mail, by the same user. */
export const confirmDeletion = async (db: Db, user: SessionUser, token: string, now = new Date()) => {
  const [row] = await db
    .update(accountDeletions)
    .set({
      status: 'confirmed',
      confirmedAt: now,
      executeAfter: new Date(now.getTime() + DELETION_DELAY_DAYS * DAY_MS),
      updatedAt: now,
    })
    .where(
      and(
        eq(accountDeletions.tokenHash, sha256(token)),
        eq(accountDeletions.userId, user.userId),
        eq(accountDeletions.status, 'requested'),
      ),
    )
    .returning();
  if (!row || row.tokenExpiresAt < now) {
    if (row) await db.update(accountDeletions).set({ status: 'cancelled' }).where(eq(accountDeletions.id, row.id));
    throw new AppError('ACCOUNT_DELETION_LINK_INVALID');
  }
  return toView(row);
};

/** `DELETE /api/v2/user/deletion`: the user keeps the account after all. */
export const cancelDeletion = async (db: Db, user: SessionUser): Promise<null> => {
  const open = await findOpenDeletion(db, user.userId);
  if (open)
    await db
      .update(accountDeletions)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(eq(accountDeletions.id, open.id));
  return null;
};

export type DeletionMail = { idempotencyKey: string; to: string } & RenderedEmail;

/**
 * The job's work (ADR 0024): every confirmed deletion whose time has come. Personal data is removed
 * and the user row is anonymised; ledger, purchases and signatures stay for the retention the law
 * asks, tied to an account nobody can log in to. A deletion that finds holdings, offers or money
 * again is cancelled and the user told why.
 */
export const executeDueDeletions = async (
  db: Db,
  send: (mail: DeletionMail) => Promise<void>,
  now = new Date(),
): Promise<number> => {
  const due = await db
    .select({
      id: accountDeletions.id,
      userId: accountDeletions.userId,
      email: users.email,
      partnerId: users.partnerId,
    })
    .from(accountDeletions)
    .innerJoin(users, eq(users.id, accountDeletions.userId))
    .where(and(eq(accountDeletions.status, 'confirmed'), lte(accountDeletions.executeAfter, now)));
  let done = 0;
  for (const deletion of due) {
    const brand = await brandOf(db, deletion.partnerId);
    const refusal = await deletionRefusal(db, deletion.userId);
    if (refusal) {
      await db
        .update(accountDeletions)
        .set({ status: 'cancelled', updatedAt: now })
        .where(eq(accountDeletions.id, deletion.id));
      await send({
        idempotencyKey: `account-deletion-cancelled:${deletion.id}`,
        to: deletion.email,
        ...composeEmail(brand, {
          subject: 'Dein Konto wurde nicht gelöscht',
          paragraphs: [
            `Wir konnten dein Konto nicht löschen. ${refusal.message}`,
            'Danach kannst du die Löschung in den Einstellungen nochmal beantragen.',
          ],
        }),
      });
      continue;
    }
    await db.transaction(async (tx) => {
      const userId = deletion.userId;
      for (const table of [
        sessions,
        knownDevices,
        authTokens,
        personalInformation,
        userTaxIds,
        userMarketingData,
        userPreferences,
        reminders,
      ])
        await tx.delete(table).where(eq(table.userId, userId));
      await tx
        .update(users)
        .set({
          email: `geloescht-${userId}@deleted.invalid`,
          passwordHash: null,
          firstName: null,
          lastName: null,
          phone: null,
          marketingNewsletter: false,
          externalSubject: null,
          status: 'deactivated',
          lockedAt: now,
          lockReason: 'Konto auf eigenen Wunsch gelöscht',
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      await tx
        .update(accountDeletions)
        .set({ status: 'completed', completedAt: now, updatedAt: now })
        .where(eq(accountDeletions.id, deletion.id));
    });
    await send({
      idempotencyKey: `account-deletion-completed:${deletion.id}`,
      to: deletion.email,
      ...composeEmail(brand, {
        subject: 'Dein Konto wurde gelöscht',
        paragraphs: [
          'Dein Konto und deine persönlichen Daten wurden gelöscht.',
          'Belege, die wir gesetzlich aufbewahren müssen, bleiben bis zum Ende der Frist gesperrt gespeichert.',
        ],
      }),
    });
    done += 1;
  }
  return done;
};
