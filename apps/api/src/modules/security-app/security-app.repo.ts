import { type Db, preparedSelect, queryRows, securityAppAudit, securityApps, signingRequests, users } from '@bw/db';
import { and, asc, desc, eq, lte, ne, sql } from 'drizzle-orm';

/** SQL of the security-app domain; every function takes the transaction it runs in. */

/** The advisory-lock scope of a user's linking steps (lib/advisory-lock.ts). */
export const SECURITY_APP_LOCK_SCOPE = 'security-app';

export type SecurityAppRow = typeof securityApps.$inferSelect;
export type SigningRequestRow = typeof signingRequests.$inferSelect;

/** The user's app that is not disconnected (at most one: unique index), locked for the transaction. */
export const findLiveApp = async (tx: Db, userId: string): Promise<SecurityAppRow | null> => {
  const [row] = await tx
    .select()
    .from(securityApps)
    .where(and(eq(securityApps.userId, userId), ne(securityApps.status, 'disconnected')))
    .for('update');
  return row ?? null;
};

export const findLatestApp = async (tx: Db, userId: string): Promise<SecurityAppRow | null> => {
  const [row] = await tx
    .select()
    .from(securityApps)
    .where(eq(securityApps.userId, userId))
    .orderBy(sql`${securityApps.status} = 'disconnected'`, desc(securityApps.createdAt))
    .limit(1);
  return row ?? null;
};

export const findPendingPairing = async (tx: Db, pairingCodeHash: string): Promise<SecurityAppRow | null> => {
  const [row] = await tx
    .select()
    .from(securityApps)
    .where(and(eq(securityApps.pairingCodeHash, pairingCodeHash), eq(securityApps.status, 'new')))
    .for('update');
  return row ?? null;
};

export const findActiveAppByDeviceToken = async (
  tx: Db,
  deviceTokenHash: string,
): Promise<{ app: SecurityAppRow; email: string } | null> => {
  const [row] = await tx
    .select({ app: securityApps, email: users.email })
    .from(securityApps)
    .innerJoin(users, eq(users.id, securityApps.userId))
    .where(and(eq(securityApps.deviceTokenHash, deviceTokenHash), eq(securityApps.status, 'active')));
  return row ?? null;
};

/** Another account's live app with this key: one key, one account. */
export const publicKeyInUseElsewhere = async (tx: Db, publicKey: string, userId: string): Promise<boolean> => {
  const [row] = await tx
    .select({ id: securityApps.id })
    .from(securityApps)
    .where(
      and(
        eq(securityApps.publicKey, publicKey),
        ne(securityApps.status, 'disconnected'),
        ne(securityApps.userId, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
};

export const insertApp = async (tx: Db, values: typeof securityApps.$inferInsert): Promise<SecurityAppRow> => {
  const [row] = await tx.insert(securityApps).values(values).returning();
  if (!row) throw new Error('security app insert returned nothing');
  return row;
};

export const updateApp = async (
  tx: Db,
  id: string,
  values: Partial<typeof securityApps.$inferInsert>,
): Promise<SecurityAppRow> => {
  const [row] = await tx.update(securityApps).set(values).where(eq(securityApps.id, id)).returning();
  if (!row) throw new Error('security app update matched nothing');
  return row;
};

export const setUserType = async (tx: Db, userId: string, userType: 'user' | 'privateUser'): Promise<void> => {
  await tx.update(users).set({ userType, updatedAt: new Date() }).where(eq(users.id, userId));
};

export const findUserContact = async (tx: Db, userId: string): Promise<{ id: string; email: string } | null> => {
  const [row] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  return row ?? null;
};

export const findUserByEmail = async (tx: Db, email: string): Promise<{ id: string; email: string } | null> => {
  const [row] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  return row ?? null;
};

export const audit = async (
  tx: Db,
  entry: {
    userId: string;
    securityAppId?: string | null;
    action: string;
    actor: string;
    detail?: Record<string, string>;
  },
): Promise<void> => {
  await tx.insert(securityAppAudit).values({
    userId: entry.userId,
    securityAppId: entry.securityAppId ?? null,
    action: entry.action,
    actor: entry.actor,
    detail: entry.detail ?? {},
  });
};

export const listAudit = (tx: Db, userId: string) =>
  tx.select().from(securityAppAudit).where(eq(securityAppAudit.userId, userId)).orderBy(asc(securityAppAudit.id));

export const insertSigningRequest = async (
  tx: Db,
  values: typeof signingRequests.$inferInsert,
): Promise<SigningRequestRow> => {
  const [row] = await tx.insert(signingRequests).values(values).returning();
  if (!row) throw new Error('signing request insert returned nothing');
  return row;
};

const signingRequestQuery = (lock: boolean) =>
  preparedSelect((db) => {
    const query = db
      .select()
      .from(signingRequests)
      .where(and(eq(signingRequests.id, sql.placeholder('id')), eq(signingRequests.userId, sql.placeholder('userId'))));
    return lock ? query.for('update') : query;
  });
const findSigningRequestRow = { locked: signingRequestQuery(true), unlocked: signingRequestQuery(false) };

export const findSigningRequest = async (
  tx: Db,
  userId: string,
  id: string,
  options: { lock: boolean },
): Promise<SigningRequestRow | null> => {
  const [row] = await findSigningRequestRow[options.lock ? 'locked' : 'unlocked'](tx, { id, userId });
  return row ?? null;
};

type NewSigningRequest = Pick<
  SigningRequestRow,
  'id' | 'userId' | 'kind' | 'canonicalPayload' | 'nonce' | 'expiresAt' | 'createdAt'
>;

/**
 * Two CTEs, `app` and `signing`, that create a pending request only while the user's app is active
 * and keep the app from being removed until the caller's commit (FOR SHARE). `signing` returns the
 * request's `id` when it was written; a caller may chain its own rows on it (issue 27).
 */
export const signingRequestForActiveAppCtes = (values: NewSigningRequest) =>
  sql`app AS (SELECT id FROM security_apps WHERE user_id = ${values.userId}::uuid AND status = 'active' FOR SHARE),
    signing AS (
      INSERT INTO signing_requests (id, user_id, kind, canonical_payload, nonce, expires_at, created_at)
      SELECT ${values.id}::uuid, ${values.userId}::uuid, ${values.kind}, ${values.canonicalPayload}, ${values.nonce},
        ${values.expiresAt.toISOString()}::timestamptz, ${values.createdAt.toISOString()}::timestamptz
      FROM app
      RETURNING id)`;

/** The request of `signingRequestForActiveAppCtes` on its own: one statement; false when no app is active. */
export const insertSigningRequestForActiveApp = async (tx: Db, values: NewSigningRequest): Promise<boolean> => {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`WITH ${signingRequestForActiveAppCtes(values)} SELECT id::text AS id FROM signing`,
  );
  return rows.length === 1;
};

/** A request of the user with the user's live app (if any), read without locks. */
const signingRequestWithApp = preparedSelect((db) =>
  db
    .select({ request: signingRequests, app: securityApps })
    .from(signingRequests)
    .leftJoin(
      securityApps,
      and(eq(securityApps.userId, signingRequests.userId), ne(securityApps.status, 'disconnected')),
    )
    .where(and(eq(signingRequests.id, sql.placeholder('id')), eq(signingRequests.userId, sql.placeholder('userId')))),
);

export const findSigningRequestWithApp = async (
  tx: Db,
  userId: string,
  id: string,
): Promise<{ request: SigningRequestRow; app: SecurityAppRow | null } | null> => {
  const [row] = await signingRequestWithApp(tx, { id, userId });
  return row ?? null;
};

/**
 * Records the signature of a pending, unexpired request if the app that signed it is still the
 * user's active app with the same key (kept so until the commit, FOR SHARE), with its audit entry:
 * one statement. False when any of that no longer holds (nothing is written).
 */
export const recordSignatureIfStillValid = async (
  tx: Db,
  input: {
    requestId: string;
    userId: string;
    appId: string;
    publicKey: string;
    signature: string;
    actor: string;
    now: Date;
  },
): Promise<boolean> => {
  const now = input.now.toISOString();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`WITH app AS (
        SELECT id FROM security_apps
        WHERE id = ${input.appId}::uuid AND user_id = ${input.userId}::uuid AND status = 'active'
          AND public_key = ${input.publicKey}
        FOR SHARE),
      signed AS (
        UPDATE signing_requests SET status = 'signed', signature = ${input.signature},
          security_app_id = ${input.appId}::uuid, resolved_at = ${now}::timestamptz
        WHERE id = ${input.requestId}::uuid AND user_id = ${input.userId}::uuid AND status = 'pending'
          AND expires_at > ${now}::timestamptz AND EXISTS (SELECT 1 FROM app)
        RETURNING id, kind)
      INSERT INTO security_app_audit (user_id, security_app_id, action, actor, detail)
      SELECT ${input.userId}::uuid, ${input.appId}::uuid, 'signing-request-signed', ${input.actor},
        jsonb_build_object('requestId', signed.id::text, 'kind', signed.kind)
      FROM signed
      RETURNING id::text AS id`,
  );
  return rows.length === 1;
};

export const SIGNING_REQUEST_PAGE_SIZE = 50;

export const listSigningRequestRows = (tx: Db, userId: string, status: SigningRequestRow['status'] | undefined) =>
  tx
    .select()
    .from(signingRequests)
    .where(and(eq(signingRequests.userId, userId), status ? eq(signingRequests.status, status) : undefined))
    .orderBy(desc(signingRequests.createdAt))
    .limit(SIGNING_REQUEST_PAGE_SIZE);

export const resolveSigningRequestRow = async (
  tx: Db,
  id: string,
  values: Pick<typeof signingRequests.$inferInsert, 'status' | 'signature' | 'securityAppId' | 'resolvedAt'>,
): Promise<SigningRequestRow> => {
  const [row] = await tx
    .update(signingRequests)
    .set(values)
    .where(and(eq(signingRequests.id, id), eq(signingRequests.status, 'pending')))
    .returning();
  if (!row) throw new Error('signing request was not pending');
  return row;
};

/** Overdue pending requests, locked; others sweeping at the same time skip them. */
export const lockOverdueSigningRequests = (tx: Db, now: Date, limit: number, userId?: string) =>
  tx
    .select()
    .from(signingRequests)
    .where(
      and(
        eq(signingRequests.status, 'pending'),
        lte(signingRequests.expiresAt, now),
        userId ? eq(signingRequests.userId, userId) : undefined,
      ),
    )
    .orderBy(asc(signingRequests.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });
