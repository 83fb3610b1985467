import type { DataExportView } from '@bw/contracts';
import { type Db, dataExports, users } from '@bw/db';
import { and, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Outbox } from '../../../jobs/registry.js';
import { AppError } from '../../../lib/app-error.js';
import { pgErrorOf } from '../../../lib/pg-error.js';
import { systemActor, writeAudit } from '../../../platform/audit.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import type { DocumentStorage } from '../../../providers/storage/document-storage.js';
import { serverSecret } from '../../auth/auth.repo.js';
import { hmacSha256, safeEqual } from '../../auth/secrets.js';
import { toSessionUser } from '../../auth/session-store.js';
import { notifyUser } from '../../notifications/notify-user.js';
import type { RegisterSigner } from '../../share-register/register-roots.js';
import type { UserRow } from '../../users/users.repo.js';
import { buildDataExportArchive } from './build-archive.js';

/** ADR 0051: the download link (and the file) lives this long after the ZIP is ready. */
export const DATA_EXPORT_TTL_DAYS = 7;
/** At most this many requests per user in 24 hours: building a ZIP reads every table. */
export const DATA_EXPORT_DAILY_LIMIT = 3;
export const BUILD_DATA_EXPORT_JOB = 'accounts.build-data-export';
export const DATA_EXPORT_DOWNLOAD_PATH = '/api/v1/user/dataExport/download';

const DAY_MS = 86_400_000;
const UNIQUE_VIOLATION = '23505';
const SECRET_NAME = 'data-export-links';
/** The investor's actions in the audit log carry this actor; the user is the target. */
const INVESTOR = systemActor('investor');

export type DataExportDeps = { db: Db; outbox: Outbox };
type ExportRow = typeof dataExports.$inferSelect;

/** The link's token: `<export id>.<expiry, unix seconds>.<HMAC of both and the user id>`. */
const signature = async (db: Db, exportId: string, userId: string, expiresAt: number) =>
  hmacSha256(await serverSecret(db, SECRET_NAME), `data-export:${exportId}:${userId}:${expiresAt}`);

export const dataExportToken = async (db: Db, row: Pick<ExportRow, 'id' | 'userId' | 'expiresAt'>) => {
  if (!row.expiresAt) throw new Error('an export without expiry has no link');
  const expires = Math.floor(row.expiresAt.getTime() / 1000);
  return `${row.id}.${expires}.${await signature(db, row.id, row.userId, expires)}`;
};

const downloadUrlOf = async (db: Db, row: ExportRow) =>
  `${DATA_EXPORT_DOWNLOAD_PATH}?token=${await dataExportToken(db, row)}`;

const isExpired = (row: ExportRow, now: Date) => row.expiresAt !== null && row.expiresAt <= now;

export const toDataExportView = async (db: Db, row: ExportRow, now: Date): Promise<DataExportView> => {
  const expired = row.status === 'ready' && isExpired(row, now);
  return {
    id: row.id,
    status: expired ? 'expired' : row.status,
    requestedAt: row.requestedAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
    sections: row.sections,
    downloadUrl: row.status === 'ready' && !expired ? await downloadUrlOf(db, row) : null,
  };
};

const pendingOf = async (db: Db, userId: string) =>
  (
    await db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending')))
  )[0];

/** `GET /api/v1/user/dataExport`: the newest export of the user, or null. */
export const dataExportState = async (db: Db, userId: string, now = new Date()) => {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(1);
  return { export: row ? await toDataExportView(db, row, now) : null };
};

/**
 * `POST /api/v1/user/dataExport`: a pending export is answered as it is (a double click, a second
 * device, a race on the one-pending index); otherwise, within the daily limit, a new one is written
 * with its audit row and the job that builds it, all in one transaction.
 */
export const requestDataExport = async (
  deps: DataExportDeps,
  user: SessionUser,
  now = new Date(),
): Promise<DataExportView> => {
  const pending = await pendingOf(deps.db, user.userId);
  if (pending) return toDataExportView(deps.db, pending, now);
  const [recent] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(dataExports)
    .where(and(eq(dataExports.userId, user.userId), gte(dataExports.requestedAt, new Date(now.getTime() - DAY_MS))));
  if ((recent?.count ?? 0) >= DATA_EXPORT_DAILY_LIMIT) throw new AppError('DATA_EXPORT_LIMIT');
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(dataExports).values({ userId: user.userId, requestedAt: now }).returning();
      if (!inserted) throw new AppError('INTERNAL');
      await writeAudit(tx, INVESTOR, {
        action: 'dataExport.request',
        targetType: 'investor',
        targetId: user.userId,
        after: { exportId: inserted.id },
      });
      await deps.outbox.enqueue(tx, BUILD_DATA_EXPORT_JOB, `data-export:${inserted.id}`, { exportId: inserted.id });
      return inserted;
    });
    return toDataExportView(deps.db, row, now);
  } catch (error) {
    if (pgErrorOf(error).code !== UNIQUE_VIOLATION) throw error;
    const winner = await pendingOf(deps.db, user.userId);
    if (!winner) throw error;
    return toDataExportView(deps.db, winner, now);
  }
};

const TOKEN_PATTERN = /^([0-9a-f-]{36})\.(\d{1,12})\.([0-9a-f]{64})$/;

/**
 * `GET /api/v1/user/dataExport/download?token=`: the ZIP, for the investor the token names only.
 * A token of another account, a forged or unknown one is 404; past its expiry 410; each download is
 * audited.
 */
export const downloadDataExport = async (
  deps: { db: Db; storage: DocumentStorage },
  user: SessionUser,
  token: string,
  options: { now?: Date; countDownload?: boolean } = {},
): Promise<{ bytes: Buffer; fileName: string }> => {
  const now = options.now ?? new Date();
  const match = TOKEN_PATTERN.exec(token);
  if (!match) throw new AppError('DATA_EXPORT_NOT_FOUND');
  const [, exportId = '', expires = '', mac = ''] = match;
  if (!safeEqual(mac, await signature(deps.db, exportId, user.userId, Number(expires))))
    throw new AppError('DATA_EXPORT_NOT_FOUND');
  if (Number(expires) * 1000 <= now.getTime()) throw new AppError('DATA_EXPORT_EXPIRED');
  const [row] = await deps.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, user.userId)));
  if (!row) throw new AppError('DATA_EXPORT_NOT_FOUND');
  if (isExpired(row, now)) throw new AppError('DATA_EXPORT_EXPIRED');
  if (row.status !== 'ready' || !row.storageKey) throw new AppError('DATA_EXPORT_NOT_READY');
  const bytes = await deps.storage.read(row.storageKey);
  // A HEAD request runs this handler too; it sends no file and is no download.
  if (options.countDownload !== false)
    await deps.db.transaction(async (tx) => {
      await tx
        .update(dataExports)
        .set({ downloads: sql`${dataExports.downloads} + 1` })
        .where(eq(dataExports.id, row.id));
      await writeAudit(tx, INVESTOR, {
        action: 'dataExport.download',
        targetType: 'investor',
        targetId: user.userId,
        after: { exportId: row.id, sizeBytes: bytes.length },
      });
    });
  return { bytes, fileName: `meine-daten-${row.requestedAt.toISOString().slice(0, 10)}.zip` };
};

const formatViennaDate = (date: Date) =>
  new Intl.DateTimeFormat('de-AT', { timeZone: 'Europe/Vienna', dateStyle: 'long' }).format(date);

/**
 * The job: builds the ZIP, stores it in the document store, marks the export ready and tells the
 * investor in the inbox, with the link, in one transaction. A retry after a crash builds again; an
 * export no longer pending is left alone.
 */
export const buildDataExport = async (
  deps: { db: Db; outbox: Outbox; storage: DocumentStorage; signer: RegisterSigner },
  exportId: string,
  now = new Date(),
): Promise<void> => {
  const [row] = await deps.db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row) return;
  if (row.status !== 'pending') return;
  const [account] = (await deps.db.select().from(users).where(eq(users.id, row.userId))) as UserRow[];
  if (!account) throw new Error(`data export ${exportId}: user missing`);
  const archive = await buildDataExportArchive(deps.db, deps.signer, toSessionUser(account), now);
  const stored = await deps.storage.save(row.userId, archive.bytes);
  const expiresAt = new Date(now.getTime() + DATA_EXPORT_TTL_DAYS * DAY_MS);
  const done = await deps.db.transaction(async (tx) => {
    const [ready] = await tx
      .update(dataExports)
      .set({
        status: 'ready',
        storageKey: stored.storageKey,
        sha256: stored.sha256,
        sizeBytes: archive.bytes.length,
        sections: archive.sections,
        readyAt: now,
        expiresAt,
      })
      .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')))
      .returning();
    if (!ready) return null;
    await notifyUser(tx, deps.outbox, {
      userId: row.userId,
      key: `data-export:${exportId}`,
      type: 'document',
      event: 'dataExport.ready',
      title: 'Dein Datenexport ist fertig',
      body: `Deine Daten liegen als ZIP-Datei zum Download bereit. Der Link gilt bis ${formatViennaDate(expiresAt)}; danach kannst du in den Einstellungen einen neuen Export anfordern.`,
      link: 'settings?option=dataExport',
      data: { downloadUrl: await downloadUrlOf(tx, ready), expiresAt: expiresAt.toISOString() },
    });
    return ready;
  });
  // Another run finished first: its file is the one the link names.
  if (!done) await deps.storage.remove(stored.storageKey);
};

/** The job's last attempt failed: the investor sees it and may ask again. */
export const failDataExport = async (db: Db, exportId: string, message: string) => {
  await db
    .update(dataExports)
    .set({ status: 'failed', error: message.slice(0, 500) })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')));
};

/** Daily: the files of expired exports leave the document store (the rows stay as the history). */
export const removeExpiredDataExports = async (db: Db, storage: DocumentStorage, now = new Date()) => {
  const expired = await db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(and(isNotNull(dataExports.storageKey), lt(dataExports.expiresAt, now)));
  for (const row of expired) {
    if (row.storageKey) await storage.remove(row.storageKey);
    await db.update(dataExports).set({ storageKey: null }).where(eq(dataExports.id, row.id));
  }
  return expired.length;
};
