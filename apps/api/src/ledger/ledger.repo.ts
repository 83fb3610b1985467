import { arrayParam, type Db, ledgerAccounts, ledgerPostings, queryRows } from '@bw/db';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { accountRow } from './accounts.js';

/**
 * The ledger's SQL (ADR 0005, ADR 0017). A posting is one statement: it checks that the books it
 * names exist under the ids the caller believes, inserts the posting and its entries (whose
 * trigger moves the balances and keeps the floors), and optionally opens or resolves a hold with it.
 * Raw results carry bigint and uuid columns as text, so both drivers (pg, PGlite) answer alike.
 */

export type BookRow = ReturnType<typeof accountRow>;

/**
 * Creates the books that do not exist yet (in key order, so two creators never deadlock) and
 * answers the id of every one.
 */
export const ensureBooks = async (tx: Db, rows: BookRow[]): Promise<Map<string, bigint>> => {
  const sorted = [...rows].sort((a, b) => (a.accountKey < b.accountKey ? -1 : 1));
  await tx.insert(ledgerAccounts).values(sorted).onConflictDoNothing({ target: ledgerAccounts.accountKey });
  const found = await tx
    .select({ id: ledgerAccounts.id, accountKey: ledgerAccounts.accountKey })
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.accountKey,
        sorted.map((row) => row.accountKey),
      ),
    );
  return new Map(found.map((row) => [row.accountKey, row.id]));
};

export type PostingLeg = { accountId: bigint; accountKey: string; amount: bigint; unit: string };

export type PostingStatement = {
  key: string;
  kind: string;
  requestHash: string;
  transactionId: string | null;
  legs: PostingLeg[];
  /**
   * Further data-modifying CTEs (`name AS (…)`, comma-separated, names other than the posting's
   * own) the caller's step writes in the posting's statement (issue 37): they run whether or not
   * the key already had a posting, and the caller's transaction keeps or drops them with it.
   */
  alongside?: SQL;
  /** Opens a hold with the posting (its amount already moved to the held book by the legs). */
  openHold?: { sourceAccountId: bigint; heldAccountId: bigint; amount: bigint; unit: string };
  /**
   * Resolves a pending (and locked) hold with the posting. With `expected`, the hold was not read
   * first: it resolves only if it still is what the caller knows of it (amount, held book,
   * business transaction), else nothing resolves and the caller refuses.
   */
  resolveHold?: {
    holdId: string;
    status: 'posted' | 'voided';
    expected?: { amount: bigint; heldAccountId: bigint; transactionId: string | null };
  };
};

export type PostingOutcome = {
  /** False when a book is not (or no longer) under the id the caller named: nothing was written. */
  booksMatched: boolean;
  /** Null when the key already had a posting (nothing was written). */
  postingId: bigint | null;
  holdId: string | null;
  holdResolved: boolean;
};

const legValues = (legs: PostingLeg[]): SQL =>
  sql.join(
    legs.map(
      (leg, index) =>
        sql`(${leg.accountId.toString()}::bigint, ${leg.accountKey}::text, ${leg.amount.toString()}::bigint, ${leg.unit}::text, ${index}::int)`,
    ),
    sql`, `,
  );

/**
 * The posting in one round trip. Entries go in in book-id order, so the row locks their trigger
 * takes on user books follow one order in every transaction (no lock cycles within a posting).
 */
export const insertPosting = async (tx: Db, input: PostingStatement): Promise<PostingOutcome> => {
  const holdCte = input.openHold
    ? sql`, opened AS (
        INSERT INTO ledger_holds (source_account_id, held_account_id, amount, unit, hold_posting_id, transaction_id)
        SELECT ${input.openHold.sourceAccountId.toString()}::bigint, ${input.openHold.heldAccountId.toString()}::bigint,
          ${input.openHold.amount.toString()}::bigint, ${input.openHold.unit}, posting.id, ${input.transactionId}::uuid
        FROM posting RETURNING id)`
    : sql`, opened AS (SELECT NULL::uuid AS id WHERE false)`;
  const expected = input.resolveHold?.expected;
  const expectedHold = expected
    ? sql` AND h.amount = ${expected.amount.toString()}::bigint AND h.held_account_id = ${expected.heldAccountId.toString()}::bigint
        AND h.transaction_id IS NOT DISTINCT FROM ${expected.transactionId}::uuid`
    : sql``;
  const resolveCte = input.resolveHold
    ? sql`, resolved AS (
        UPDATE ledger_holds h SET status = ${input.resolveHold.status}, resolve_posting_id = posting.id, resolved_at = now()
        FROM posting WHERE h.id = ${input.resolveHold.holdId}::uuid AND h.status = 'pending'${expectedHold} RETURNING h.id)`
    : sql`, resolved AS (SELECT NULL::uuid AS id WHERE false)`;
  const [row] = await queryRows<{
    matched: boolean;
    posting_id: string | null;
    hold_id: string | null;
    resolved: number;
    entries: number;
  }>(
    tx,
    sql`WITH legs (account_id, account_key, amount, unit, ord) AS (VALUES ${legValues(input.legs)}),
      matched AS (
        SELECT count(*) = ${input.legs.length} AS ok FROM legs l
        JOIN ledger_accounts a ON a.id = l.account_id AND a.account_key = l.account_key),
      posting AS (
        INSERT INTO ledger_postings (kind, idempotency_key, request_hash, transaction_id)
        SELECT ${input.kind}, ${input.key}, ${input.requestHash}, ${input.transactionId}::uuid FROM matched WHERE matched.ok
        ON CONFLICT (idempotency_key) DO NOTHING RETURNING id),
      entries AS (
        INSERT INTO ledger_entries (posting_id, account_id, amount, unit)
        SELECT posting.id, l.account_id, l.amount, l.unit FROM posting CROSS JOIN legs l ORDER BY l.account_id, l.ord
        RETURNING 1)
      ${holdCte}
      ${resolveCte}
      ${input.alongside ? sql`, ${input.alongside}` : sql``}
      SELECT (SELECT ok FROM matched) AS matched, (SELECT id::text FROM posting) AS posting_id,
        (SELECT id::text FROM opened) AS hold_id, (SELECT count(*)::int FROM resolved) AS resolved,
        (SELECT count(*)::int FROM entries) AS entries`,
  );
  if (!row) throw new Error('the posting statement answered no row');
  if (row.posting_id !== null && Number(row.entries) !== input.legs.length)
    throw new Error(`posting ${input.key} wrote ${row.entries} of ${input.legs.length} entries`);
  return {
    booksMatched: row.matched === true,
    postingId: row.posting_id === null ? null : BigInt(row.posting_id),
    holdId: row.hold_id,
    holdResolved: Number(row.resolved) === 1,
  };
};

export const findPostingByKey = async (tx: Db, key: string) =>
  (
    await tx
      .select({ id: ledgerPostings.id, requestHash: ledgerPostings.requestHash })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.idempotencyKey, key))
  )[0];

export const findHoldIdOfPosting = async (tx: Db, postingId: bigint): Promise<string | undefined> =>
  (
    await queryRows<{ id: string }>(
      tx,
      sql`SELECT id::text AS id FROM ledger_holds WHERE hold_posting_id = ${postingId.toString()}::bigint`,
    )
  )[0]?.id;

export type BookOfHold = {
  id: bigint;
  accountKey: string;
  kind: string;
  userId: string | null;
  assetId: string | null;
};
export type LockedHold = {
  id: string;
  status: 'pending' | 'posted' | 'voided';
  amount: bigint;
  unit: string;
  transactionId: string | null;
  held: BookOfHold;
  source: BookOfHold;
};

type HoldJoinRow = {
  id: string;
  status: LockedHold['status'];
  amount: string;
  unit: string;
  transaction_id: string | null;
  held_id: string;
  held_key: string;
  held_kind: string;
  held_user: string | null;
  held_asset: string | null;
  source_id: string;
  source_key: string;
  source_kind: string;
  source_user: string | null;
  source_asset: string | null;
};

/** The hold, locked for this transaction, with both of its books: one round trip. */
export const lockHoldWithBooks = async (tx: Db, holdId: string): Promise<LockedHold | null> => {
  const [row] = await queryRows<HoldJoinRow>(
    tx,
    sql`SELECT h.id::text AS id, h.status, h.amount::text AS amount, h.unit, h.transaction_id::text AS transaction_id,
        held.id::text AS held_id, held.account_key AS held_key, held.kind AS held_kind,
        held.user_id::text AS held_user, held.asset_id AS held_asset,
        src.id::text AS source_id, src.account_key AS source_key, src.kind AS source_kind,
        src.user_id::text AS source_user, src.asset_id AS source_asset
      FROM ledger_holds h
      JOIN ledger_accounts held ON held.id = h.held_account_id
      JOIN ledger_accounts src ON src.id = h.source_account_id
      WHERE h.id = ${holdId}::uuid
      FOR UPDATE OF h`,
  );
  if (!row) return null;
  return {
    id: row.id,
    status: row.status,
    amount: BigInt(row.amount),
    unit: row.unit,
    transactionId: row.transaction_id,
    held: {
      id: BigInt(row.held_id),
      accountKey: row.held_key,
      kind: row.held_kind,
      userId: row.held_user,
      assetId: row.held_asset,
    },
    source: {
      id: BigInt(row.source_id),
      accountKey: row.source_key,
      kind: row.source_kind,
      userId: row.source_user,
      assetId: row.source_asset,
    },
  };
};

/**
 * `ensureBooks` for many books in one statement (a distribution's holders): the rows travel as
 * arrays, so the statement has seven parameters however many books it names.
 */
export const ensureBooksBulk = async (tx: Db, rows: BookRow[]): Promise<Map<string, bigint>> => {
  const sorted = [...rows].sort((a, b) => (a.accountKey < b.accountKey ? -1 : 1));
  const column = <T>(pick: (row: BookRow) => T) => sorted.map(pick);
  const found = await queryRows<{ id: string; account_key: string }>(
    tx,
    sql`WITH wanted (account_key, kind, user_id, asset_id, unit, may_go_negative, sharded) AS (
        SELECT * FROM unnest(${arrayParam(column((r) => r.accountKey))}::text[], ${arrayParam(column((r) => r.kind))}::text[],
          ${arrayParam(column((r) => r.userId))}::uuid[], ${arrayParam(column((r) => r.assetId))}::text[], ${arrayParam(column((r) => r.unit))}::text[],
          ${arrayParam(column((r) => r.mayGoNegative))}::boolean[], ${arrayParam(column((r) => r.sharded))}::boolean[])),
      created AS (
        INSERT INTO ledger_accounts (account_key, kind, user_id, asset_id, unit, may_go_negative, sharded)
        SELECT * FROM wanted ORDER BY account_key
        ON CONFLICT (account_key) DO NOTHING RETURNING id, account_key)
      SELECT id::text AS id, account_key FROM created
      UNION ALL
      SELECT a.id::text, a.account_key FROM ledger_accounts a JOIN wanted w USING (account_key)`,
  );
  return new Map(found.map((row) => [row.account_key, BigInt(row.id)]));
};

/**
 * One posting with any number of legs in one statement: the legs travel as four arrays (the
 * parameter count of `insertPosting` grows with the legs, and PostgreSQL takes at most 65,535).
 * The entries' statement-level trigger checks the balance per unit and moves the balances.
 */
export const insertBulkPosting = async (
  tx: Db,
  input: Omit<PostingStatement, 'openHold' | 'resolveHold'>,
): Promise<bigint | null> => {
  const legs = [...input.legs].sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
  const [row] = await queryRows<{ posting_id: string | null; entries: number }>(
    tx,
    sql`WITH posting AS (
        INSERT INTO ledger_postings (kind, idempotency_key, request_hash, transaction_id)
        VALUES (${input.kind}, ${input.key}, ${input.requestHash}, ${input.transactionId}::uuid)
        ON CONFLICT (idempotency_key) DO NOTHING RETURNING id),
      entries AS (
        INSERT INTO ledger_entries (posting_id, account_id, amount, unit)
        SELECT posting.id, l.account_id, l.amount, l.unit FROM posting
        CROSS JOIN unnest(${arrayParam(legs.map((l) => l.accountId.toString()))}::bigint[], ${arrayParam(legs.map((l) => l.amount.toString()))}::bigint[],
          ${arrayParam(legs.map((l) => l.unit))}::text[]) WITH ORDINALITY AS l (account_id, amount, unit, ord)
        ORDER BY l.ord
        RETURNING 1)
      SELECT (SELECT id::text FROM posting) AS posting_id, (SELECT count(*)::int FROM entries) AS entries`,
  );
  if (!row) throw new Error('the posting statement answered no row');
  if (row.posting_id !== null && Number(row.entries) !== legs.length)
    throw new Error(`posting ${input.key} wrote ${row.entries} of ${legs.length} entries`);
  return row.posting_id === null ? null : BigInt(row.posting_id);
};

/**
 * Each investor's shares of an asset as the share books stood just before `instant`: the sum of
 * every entry on the investor's free and held share books written earlier. Shares held for an open
 * sell offer still belong to the seller; a purchase counts once it has settled. Distributions
 * (record date) and forum votings (start of the vote) read their holders here.
 */
export const shareHoldingsBefore = async (
  tx: Db,
  assetId: string,
  instant: Date,
): Promise<{ userId: string; shares: bigint }[]> => {
  const rows = await queryRows<{ user_id: string; shares: string }>(
    tx,
    sql`SELECT a.user_id::text AS user_id, sum(e.amount)::text AS shares
      FROM ledger_accounts a
      JOIN ledger_entries e ON e.account_id = a.id
      JOIN ledger_postings p ON p.id = e.posting_id
      WHERE a.asset_id = ${assetId} AND a.kind IN ('user_shares', 'user_shares_held')
        AND p.created_at < ${instant.toISOString()}::timestamptz
      GROUP BY a.user_id
      HAVING sum(e.amount) > 0
      ORDER BY a.user_id`,
  );
  return rows.map((row) => ({ userId: row.user_id, shares: BigInt(row.shares) }));
};
