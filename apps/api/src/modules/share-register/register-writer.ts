import { randomBytes } from 'node:crypto';
import { type Db, queryRows } from '@bw/db';
import {
  canonicalJson,
  ed25519KeyId,
  fromBase64Url,
  holderAssetKey,
  holderPseudonym,
  newRegisterNonce,
  nextRegisterEntry,
  REGISTER_ISSUER,
  type RegisterAuthorisation,
  type RegisterEntryKind,
  registerEntryHashHex,
  signedPayloadHash,
  toBase64Url,
} from '@bw/register';
import { sql } from 'drizzle-orm';
import { beforeCommit } from '../../lib/after-commit.js';

/**
 * Writes the share register (issue 39, ADR 0044 addendum): every settled movement of shares
 * becomes one entry of its asset's log in the transaction of its ledger posting. The asset's head
 * row is the log's lock; it is taken as the transaction's last statements (`beforeCommit`), so it
 * is held only until the commit and purchases of one asset still settle side by side until then.
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
 * A holder's 32-byte secret, created on first use (never published; ADR 0044, Pseudonyms): one
 * statement that creates it or reads the one there is. Only when a concurrent transaction created
 * it after this statement's snapshot (the insert waited for it, the read does not see it) is it
 * read once more.
 */
export const holderSecretOf = async (tx: Db, userId: string): Promise<Uint8Array> => {
  let [row] = await queryRows<{ secret: string }>(
    tx,
    sql`WITH created AS (
        INSERT INTO register_holder_secrets (user_id, secret) VALUES (${userId}, ${toBase64Url(randomBytes(32))})
        ON CONFLICT (user_id) DO NOTHING RETURNING secret)
      SELECT secret FROM created
      UNION ALL SELECT secret FROM register_holder_secrets WHERE user_id = ${userId}
      LIMIT 1`,
  );
  if (!row) {
    [row] = await queryRows<{ secret: string }>(
      tx,
      sql`SELECT secret FROM register_holder_secrets WHERE user_id = ${userId}`,
    );
  }
  const secret = row ? fromBase64Url(row.secret) : null;
  if (!secret) throw new Error(`holder secret of ${userId} missing`);
  return secret;
};

/** A holder's pseudonym in one asset's log. */
export const pseudonymOf = async (tx: Db, userId: string, assetId: string): Promise<string> =>
  holderPseudonym(holderAssetKey(await holderSecretOf(tx, userId), assetId), userId);

/** Keys and signatures as the security app sent them (base64url, or base64 with padding), as bytes. */
export const base64Bytes = (text: string): Uint8Array =>
  new Uint8Array(Buffer.from(text.trim().replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url'));

type SignedRequestRow = {
  id: string;
  user_id: string;
  canonical_payload: string;
  signature: string | null;
  public_key: string | null;
  mandate_id: string | null;
};

/**
 * The authorisation of each signed request: its signer's key id, the SHA-256 of what was signed,
 * the signature. A purchase approved under a standing reinvestment mandate (ADR 0034) carries no
 * signature of its own; the mandate's signed request authorised it and stands in its place.
 */
const authorisationsOf = async (tx: Db, requestIds: readonly string[]): Promise<RegisterAuthorisation[]> => {
  if (requestIds.length === 0) return [];
  const rows = await queryRows<SignedRequestRow>(
    tx,
    sql`SELECT r.id::text, r.user_id::text, r.canonical_payload, r.signature, a.public_key,
          (SELECT substring(au.actor FROM 9) FROM security_app_audit au
            WHERE r.signature IS NULL AND au.user_id = r.user_id AND au.action = 'signing-request-signed'
              AND au.detail->>'requestId' = r.id::text AND au.actor LIKE 'mandate:%' LIMIT 1) AS mandate_id
        FROM signing_requests r LEFT JOIN security_apps a ON a.id = r.security_app_id
        WHERE r.id IN (${sql.join(
          requestIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) AND r.status = 'signed'`,
  );
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
      out.push(...(await authorisationsOf(tx, [row.mandate_id])));
    }
  }
  return out;
};

type Position = { pseudonym: string; last_seq: number; shares: string };
type Head = { seq: number; hash: string };

/** Writes one entry after `head` (seq -1: the log is empty) and answers the new head. */
/** What an entry needs that does not depend on the log's position: found before the lock is taken. */
type Prepared = { movement: ShareMovement; authorisations: RegisterAuthorisation[]; from: string; to: string };

const prepare = async (tx: Db, movement: ShareMovement): Promise<Prepared> => {
  if (BigInt(movement.shares) <= 0n) throw new Error('a register entry moves at least one share');
  const authorisations = await authorisationsOf(
    tx,
    movement.signingRequestIds.filter((id): id is string => typeof id === 'string'),
  );
  const partyOf = async (userId: string | null): Promise<string> =>
    userId === null ? REGISTER_ISSUER : pseudonymOf(tx, userId, movement.assetId);
  return { movement, authorisations, from: await partyOf(movement.fromUserId), to: await partyOf(movement.toUserId) };
};

const writeEntry = async (tx: Db, head: Head, prepared: Prepared): Promise<Head> => {
  const { movement, authorisations, from, to } = prepared;
  const shares = BigInt(movement.shares);
  const positions = await queryRows<Position>(
    tx,
    sql`SELECT pseudonym, last_seq, shares::text FROM register_positions
      WHERE asset_id = ${movement.assetId} AND pseudonym IN (${from}, ${to})`,
  );
  const previousOf = (party: string): number | null =>
    party === REGISTER_ISSUER ? null : (positions.find((p) => p.pseudonym === party)?.last_seq ?? null);
  const entry = nextRegisterEntry(head.seq < 0 ? null : { assetId: movement.assetId, seq: head.seq, hash: head.hash }, {
    assetId: movement.assetId,
    time: movement.time.toISOString(),
    kind: movement.kind,
    from,
    to,
    fromPrevious: previousOf(from),
    toPrevious: previousOf(to),
    shares: shares.toString(),
    authorisations,
    nonce: newRegisterNonce(),
  });
  const hash = registerEntryHashHex(entry);
  // The giver's position exists (they hold the shares); the receiver's may be new. A CHECK keeps
  // every position at zero or more, so a register that would disagree with the ledger refuses.
  const given =
    movement.fromUserId === null
      ? sql`SELECT 1 WHERE false`
      : sql`UPDATE register_positions SET shares = shares - ${shares.toString()}::bigint, last_seq = ${entry.seq}
          WHERE asset_id = ${movement.assetId} AND pseudonym = ${from} RETURNING 1`;
  const received =
    movement.toUserId === null
      ? sql`SELECT 1 WHERE false`
      : sql`INSERT INTO register_positions (asset_id, pseudonym, user_id, last_seq, shares)
          VALUES (${movement.assetId}, ${to}, ${movement.toUserId}::uuid, ${entry.seq}, ${shares.toString()}::bigint)
          ON CONFLICT (asset_id, pseudonym) DO UPDATE
            SET last_seq = EXCLUDED.last_seq, shares = register_positions.shares + EXCLUDED.shares
          RETURNING 1`;
  const [written] = await queryRows<{ given: number }>(
    tx,
    sql`WITH entry AS (
        INSERT INTO register_entries (asset_id, seq, entry, leaf_hash, kind)
        VALUES (${movement.assetId}, ${entry.seq}, ${canonicalJson(entry)}, ${hash}, ${entry.kind})
      ), head AS (
        UPDATE register_heads SET seq = ${entry.seq}, hash = ${hash} WHERE asset_id = ${movement.assetId}
      ), given AS (${given}), received AS (${received})
      SELECT (SELECT count(*) FROM given)::int AS given`,
  );
  if (movement.fromUserId !== null && written?.given !== 1)
    throw new Error(`register: ${movement.fromUserId} holds no shares of ${movement.assetId} to give`);
  return { seq: entry.seq, hash };
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

const appendPrepared = async (tx: Db, prepared: Prepared): Promise<void> => {
  const { movement } = prepared;
  // The log's lock: the head row, created with the asset's first entry (seq -1: empty log).
  const [locked] = await queryRows<{ seq: number; hash: string }>(
    tx,
    sql`INSERT INTO register_heads (asset_id, seq, hash) VALUES (${movement.assetId}, -1, '')
      ON CONFLICT (asset_id) DO UPDATE SET seq = register_heads.seq RETURNING seq, hash`,
  );
  if (!locked) throw new Error('register head missing');
  let head: Head = { seq: locked.seq, hash: locked.hash };
  if (locked.seq < 0)
    for (const opening of await openingMovements(tx, movement))
      head = await writeEntry(tx, head, await prepare(tx, opening));
  await writeEntry(tx, head, prepared);
};

/** Appends the movement's entry now, in `tx` (callers use `recordShareMovement`). */
export const appendRegisterEntry = async (tx: Db, movement: ShareMovement): Promise<void> =>
  appendPrepared(tx, await prepare(tx, movement));

let writing = true;

/**
 * For `npm run bench:register` only, in its own process: purchases without the register, the
 * baseline the register's cost is measured against. Nothing else calls it; no setting reaches it.
 */
export const setRegisterWritingForBenchmark = (enabled: boolean): void => {
  writing = enabled;
};

/**
 * Records a settled movement of shares in the register, in the caller's transaction: as its last
 * statements when it was opened by `transactionThen`, else at once.
 */
export const recordShareMovement = async (tx: Db, movement: ShareMovement): Promise<void> => {
  if (!writing) return;
  // Signatures and pseudonyms now; the head's lock and the writes as the last statements.
  const prepared = await prepare(tx, movement);
  const write = (last: Db) => appendPrepared(last, prepared);
  if (!beforeCommit(tx, write)) await write(tx);
};
