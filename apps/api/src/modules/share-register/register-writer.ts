import { randomBytes } from 'node:crypto';
import { arrayParam, type Db, queryRows } from '@bw/db';
import {
  ed25519KeyId,
  fromBase64Url,
  holderAssetKey,
  holderPseudonym,
  newRegisterNonce,
  REGISTER_ISSUER,
  type RegisterAuthorisation,
  type RegisterEntryKind,
  type RegisterEntryTemplate,
  registerEntryTemplate,
  signedPayloadHash,
  toBase64Url,
} from '@bw/register';
import { type SQL, sql } from 'drizzle-orm';
import { beforeCommit } from '../../lib/after-commit.js';

/**
 * Writes the share register (issue 39, ADR 0044 addendum, ADR 0054): every settled movement of
 * shares becomes one entry of its asset's log in the transaction of its ledger posting. The asset's
 * head row is the log's lock; PostgreSQL takes it while the transaction commits (`register_append`,
 * which also fills in and hashes the entry the API prepared), so it is held for the append and the
 * commit record only, and purchases of one asset settle side by side until then.
 */

/** A movement of shares between the issuer (null) and investors, as the ledger booked it. */
export type ShareMovement = {
  assetId: string;
  kind: RegisterEntryKind;
  fromUserId: string | null;
  toUserId: string | null;
  shares: number | bigint;
  /** The signing requests that authorised it (the investor's, or both parties' of a trade). */
  signingRequestIds: readonly (string | null)[];
  time: Date;
};

/**
 * The holders' 32-byte secrets, created on first use (never published; ADR 0044, Pseudonyms), as
 * the CTE `secrets (user_id, secret)`: one statement creates the missing ones and reads the rest.
 * A secret a concurrent transaction created after the statement's snapshot (the insert waited for
 * it, the read does not see it) is missing from it; `holderSecretOf` reads that one once more.
 */
const holderSecretsCte = (userIds: readonly string[]): SQL => {
  const sorted = [...userIds].sort();
  return sql`wanted (user_id, secret) AS (
      SELECT * FROM unnest(${arrayParam(sorted)}::uuid[], ${arrayParam(sorted.map(() => toBase64Url(randomBytes(32))))}::text[])),
    created AS (
      INSERT INTO register_holder_secrets (user_id, secret) SELECT user_id, secret FROM wanted
      ON CONFLICT (user_id) DO NOTHING RETURNING user_id, secret),
    secrets AS (
      SELECT user_id::text AS user_id, secret FROM created
      UNION ALL SELECT user_id::text, secret FROM register_holder_secrets WHERE user_id = ANY(${arrayParam(sorted)}::uuid[]))`;
};

/** A holder's secret: `known` (the text `holderSecretsCte` found), else created or read now. */
export const holderSecretOf = async (tx: Db, userId: string, known?: string): Promise<Uint8Array> => {
  const read = async (query: SQL) => (await queryRows<{ secret: string }>(tx, query))[0]?.secret;
  let text = known ?? (await read(sql`WITH ${holderSecretsCte([userId])} SELECT secret FROM secrets`));
  text ??= await read(sql`SELECT secret FROM register_holder_secrets WHERE user_id = ${userId}`);
  const secret = text === undefined ? null : fromBase64Url(text);
  if (!secret) throw new Error(`holder secret of ${userId} missing`);
  return secret;
};

/** Keys and signatures as the security app sent them (base64url, or base64 with padding), as bytes. */
export const base64Bytes = (text: string): Uint8Array =>
  new Uint8Array(Buffer.from(text.trim().replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url'));

type SignedRequestRow = {
  id: string;
  canonical_payload: string;
  signature: string | null;
  public_key: string | null;
  mandate_id: string | null;
};

/** The signed requests among `requestIds`, with the signer's key and, for one without a signature, its mandate. */
const signedRequestsQuery = (requestIds: readonly string[]): SQL =>
  sql`SELECT r.id::text AS id, r.canonical_payload, r.signature, a.public_key,
      (SELECT substring(au.actor FROM 9) FROM security_app_audit au
        WHERE r.signature IS NULL AND au.user_id = r.user_id AND au.action = 'signing-request-signed'
          AND au.detail->>'requestId' = r.id::text AND au.actor LIKE 'mandate:%' LIMIT 1) AS mandate_id
    FROM signing_requests r LEFT JOIN security_apps a ON a.id = r.security_app_id
    WHERE r.id = ANY(${arrayParam(requestIds)}::uuid[]) AND r.status = 'signed'`;

/**
 * The authorisation of each signed request: its signer's key id, the SHA-256 of what was signed,
 * the signature. A purchase approved under a standing reinvestment mandate (ADR 0034) carries no
 * signature of its own; the mandate's signed request authorised it and stands in its place.
 */
const authorisationsFrom = async (
  tx: Db,
  requestIds: readonly string[],
  rows: readonly SignedRequestRow[],
): Promise<RegisterAuthorisation[]> => {
  const out: RegisterAuthorisation[] = [];
  for (const id of requestIds) {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) continue;
    if (row.signature && row.public_key) {
      out.push({
        keyId: ed25519KeyId(base64Bytes(row.public_key)),
        payloadHash: signedPayloadHash(row.canonical_payload),
        signature: toBase64Url(base64Bytes(row.signature)),
      });
    } else if (row.mandate_id) {
      const mandate = [row.mandate_id];
      out.push(...(await authorisationsFrom(tx, mandate, await queryRows(tx, signedRequestsQuery(mandate)))));
    }
  }
  return out;
};

/** What an entry needs that does not depend on the log's position: found before the lock is taken. */
type Prepared = {
  movement: ShareMovement;
  from: string;
  to: string;
  template: RegisterEntryTemplate;
  /** The asset's log had begun (it never ends again): the append can wait for the commit. */
  opened: boolean;
};

/**
 * The entry's template (its canonical JSON without the place-dependent fields): the authorisations
 * of its signed requests, the holders' secrets (created on first use) and whether the asset's log
 * has begun in one statement, the pseudonyms and the text here, before any lock.
 */
const prepare = async (tx: Db, movement: ShareMovement): Promise<Prepared> => {
  if (BigInt(movement.shares) <= 0n) throw new Error('a register entry moves at least one share');
  const requestIds = movement.signingRequestIds.filter((id): id is string => typeof id === 'string');
  const userIds = [...new Set([movement.fromUserId, movement.toUserId].filter((id): id is string => id !== null))];
  const [row] = await queryRows<{
    secrets: { user_id: string; secret: string }[] | null;
    requests: SignedRequestRow[] | null;
    opened: boolean | null;
  }>(
    tx,
    sql`WITH ${holderSecretsCte(userIds)}
      SELECT (SELECT json_agg(s) FROM secrets s) AS secrets,
        (SELECT json_agg(r) FROM (${signedRequestsQuery(requestIds)}) r) AS requests,
        (SELECT seq >= 0 FROM register_heads WHERE asset_id = ${movement.assetId}) AS opened`,
  );
  const secrets = new Map((row?.secrets ?? []).map((found) => [found.user_id, found.secret]));
  const partyOf = async (userId: string | null): Promise<string> => {
    if (userId === null) return REGISTER_ISSUER;
    const secret = await holderSecretOf(tx, userId, secrets.get(userId));
    return holderPseudonym(holderAssetKey(secret, movement.assetId), userId);
  };
  const from = await partyOf(movement.fromUserId);
  const to = await partyOf(movement.toUserId);
  const template = registerEntryTemplate({
    assetId: movement.assetId,
    time: movement.time.toISOString(),
    kind: movement.kind,
    from,
    to,
    shares: BigInt(movement.shares).toString(),
    authorisations: await authorisationsFrom(tx, requestIds, row?.requests ?? []),
    nonce: newRegisterNonce(),
  });
  return { movement, from, to, template, opened: row?.opened === true };
};

/** `register_append`'s arguments but the last (asset, kind, parties, users, shares, template). */
const appendArguments = ({ movement, from, to, template }: Prepared): SQL =>
  sql`${movement.assetId}, ${movement.kind}, ${from}, ${to}, ${movement.fromUserId}::uuid, ${movement.toUserId}::uuid,
    ${BigInt(movement.shares).toString()}::bigint, ${arrayParam(template.parts)}::text[], ${arrayParam(template.slots)}::text[]`;

/**
 * Appends the prepared entry after the asset's head in one statement (`register_append`, migration
 * 0058): head lock, the holders' last entries, the entry's text and hash, entry, head and positions.
 * Answers the entry's seq, or -1 when the log is still empty and `open` is false (the head is then
 * locked, and the caller opens the log first).
 */
const append = async (tx: Db, prepared: Prepared, open: boolean): Promise<number> => {
  const [row] = await queryRows<{ seq: number }>(
    tx,
    sql`SELECT register_append(${appendArguments(prepared)}, ${open}) AS seq`,
  );
  if (row === undefined) throw new Error('register_append answered nothing');
  return Number(row.seq);
};

/** Asks for the prepared entry's append at the commit (`register_appends`, migration 0058). */
const appendAtCommit = async (tx: Db, prepared: Prepared): Promise<void> => {
  await queryRows(
    tx,
    sql`INSERT INTO register_appends (asset_id, kind, from_party, to_party, from_user, to_user, shares, parts, slots)
      VALUES (${appendArguments(prepared)})`,
  );
};

/**
 * Shares investors held before the asset's log began (held before the register was introduced):
 * one `issuance` entry each, from the ledger's share books as they stood before this movement.
 */
const openingMovements = async (tx: Db, movement: ShareMovement): Promise<ShareMovement[]> => {
  const rows = await queryRows<{ user_id: string; shares: string }>(
    tx,
    sql`SELECT user_id::text, sum(balance)::text AS shares FROM ledger_accounts
      WHERE asset_id = ${movement.assetId} AND kind IN ('user_shares', 'user_shares_held')
      GROUP BY user_id ORDER BY user_id`,
  );
  const shares = BigInt(movement.shares);
  return rows.flatMap((row) => {
    const before =
      BigInt(row.shares) -
      (row.user_id === movement.toUserId ? shares : 0n) +
      (row.user_id === movement.fromUserId ? shares : 0n);
    return before > 0n
      ? [
          {
            assetId: movement.assetId,
            kind: 'issuance' as const,
            fromUserId: null,
            toUserId: row.user_id,
            shares: before,
            signingRequestIds: [],
            time: movement.time,
          },
        ]
      : [];
  });
};

/**
 * The asset's entry in one statement; only the first append of an asset (the head is locked then)
 * opens the log with the earlier holders' `issuance` entries before it.
 */
const appendPrepared = async (tx: Db, prepared: Prepared): Promise<void> => {
  if ((await append(tx, prepared, false)) >= 0) return;
  for (const opening of await openingMovements(tx, prepared.movement))
    await append(tx, await prepare(tx, opening), true);
  await append(tx, prepared, true);
};

let writing = true;

/**
 * For `npm run bench:register` only, in its own process: purchases without the register, the
 * baseline the register's cost is measured against. Nothing else calls it; no setting reaches it.
 */
export const setRegisterWritingForBenchmark = (enabled: boolean): void => {
  writing = enabled;
};

/**
 * Records a settled movement of shares in the register, in the caller's transaction (ADR 0054).
 * Into a log that has begun, the entry is appended while the transaction commits: one row in
 * `register_appends`, whose deferred trigger takes the asset's head lock inside the COMMIT, so the
 * lock every purchase of the asset waits for is held for no round trip to the API. An asset's first
 * entry opens its log here instead: as the transaction's last statements when it was opened by
 * `transactionThen`, else at once.
 */
export const recordShareMovement = async (tx: Db, movement: ShareMovement): Promise<void> => {
  if (!writing) return;
  const prepared = await prepare(tx, movement);
  if (prepared.opened) {
    await appendAtCommit(tx, prepared);
    return;
  }
  const write = (last: Db) => appendPrepared(last, prepared);
  if (!beforeCommit(tx, write)) await write(tx);
};
