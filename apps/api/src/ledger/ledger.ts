import { createHash } from 'node:crypto';
import { type Db, ledgerAccountBalances, ledgerAccounts } from '@bw/db';
import { eq, inArray, type SQL } from 'drizzle-orm';
import { AppError } from '../lib/app-error.js';
import { CHECK_VIOLATION, pgErrorOf } from '../lib/pg-error.js';
import { type AccountRef, accountKeyOf, accountRow, heldAccountOf, unitOf } from './accounts.js';
import {
  type BookOfHold,
  ensureBooks,
  ensureBooksBulk,
  findHoldIdOfPosting,
  findPostingByKey,
  insertBulkPosting,
  insertPosting,
  type LockedHold,
  lockHoldWithBooks,
  type PostingOutcome,
  type PostingStatement,
} from './ledger.repo.js';

/**
 * The ledger's internal API (architecture: money, shares and the ledger; ADR 0005, ADR 0017).
 * Every call takes the caller's transaction, so the books change together with the business
 * change. A posting, a hold and a hold's resolution are one statement each (after the first use of
 * a book in this process); the database keeps the balances, the floors and the balance per unit.
 */
export type Leg = { account: AccountRef; amount: bigint };
export type PostResult = { postingId: bigint; duplicate: boolean };

const hashOf = (value: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)))
    .digest('hex');

/** Legs must be non-zero and sum to zero per unit: checked here and again by the database at commit. */
export const assertBalanced = (legs: Leg[]): void => {
  if (legs.length < 2) throw new Error('A posting needs at least two legs');
  const sums = new Map<string, bigint>();
  for (const leg of legs) {
    if (leg.amount === 0n) throw new Error('A leg of zero moves nothing');
    const unit = unitOf(leg.account);
    sums.set(unit, (sums.get(unit) ?? 0n) + leg.amount);
  }
  for (const [unit, sum] of sums) if (sum !== 0n) throw new Error(`Posting does not balance in ${unit}: ${sum}`);
};

/**
 * Book ids by account key, learned in this process. Only a hint: every posting statement checks
 * each (id, key) pair against the table and writes nothing when one does not match (a book
 * created by a transaction that rolled back), and then the books are looked up again.
 */
const knownBookIds = new Map<string, bigint>();
const KNOWN_BOOK_IDS_MAX = 100_000;

const rememberBooks = (ids: Map<string, bigint>): void => {
  if (knownBookIds.size + ids.size > KNOWN_BOOK_IDS_MAX) knownBookIds.clear();
  for (const [key, id] of ids) knownBookIds.set(key, id);
};

const bookIdsOf = async (tx: Db, refs: AccountRef[], lookUp: boolean): Promise<Map<string, bigint>> => {
  const keys = refs.map(accountKeyOf);
  if (!lookUp && keys.every((key) => knownBookIds.has(key)))
    return new Map(keys.map((key) => [key, knownBookIds.get(key) ?? 0n]));
  const rows = [...new Map(refs.map((ref) => [accountKeyOf(ref), accountRow(ref)])).values()];
  const ids = await ensureBooks(tx, rows);
  rememberBooks(ids);
  return ids;
};

const INSUFFICIENT_CONSTRAINTS = new Set([
  'ledger_accounts_balance_non_negative',
  'ledger_balance_shards_non_negative',
]);

type PostingRequest = Omit<PostingStatement, 'legs' | 'openHold' | 'resolveHold'> & {
  legs: Leg[];
  openHold?: { source: AccountRef; held: AccountRef; amount: bigint };
  resolveHold?: {
    holdId: string;
    status: 'posted' | 'voided';
    expected?: { amount: bigint; held: AccountRef; transactionId: string | null };
  };
};

/** Runs the posting statement; looks the books up (creating missing ones) once if a hint was stale. */
const runPosting = async (tx: Db, request: PostingRequest): Promise<PostingOutcome> => {
  const refs = [...request.legs.map((leg) => leg.account)];
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const ids = await bookIdsOf(tx, refs, attempt > 0);
    const idOf = (ref: AccountRef): bigint => {
      const id = ids.get(accountKeyOf(ref));
      if (id === undefined) throw new Error(`Ledger account ${accountKeyOf(ref)} missing after creation`);
      return id;
    };
    const statement: PostingStatement = {
      ...request,
      legs: request.legs.map((leg) => ({
        accountId: idOf(leg.account),
        accountKey: accountKeyOf(leg.account),
        amount: leg.amount,
        unit: unitOf(leg.account),
      })),
      openHold: request.openHold && {
        sourceAccountId: idOf(request.openHold.source),
        heldAccountId: idOf(request.openHold.held),
        amount: request.openHold.amount,
        unit: unitOf(request.openHold.source),
      },
      resolveHold: request.resolveHold && {
        holdId: request.resolveHold.holdId,
        status: request.resolveHold.status,
        expected: request.resolveHold.expected && {
          amount: request.resolveHold.expected.amount,
          heldAccountId: idOf(request.resolveHold.expected.held),
          transactionId: request.resolveHold.expected.transactionId,
        },
      },
    };
    let outcome: PostingOutcome;
    try {
      outcome = await insertPosting(tx, statement);
    } catch (error) {
      const { code, constraint } = pgErrorOf(error);
      // The entries' trigger refused to take a book below zero (ADR 0005): nothing is written.
      if (code === CHECK_VIOLATION && constraint && INSUFFICIENT_CONSTRAINTS.has(constraint))
        throw new AppError('LEDGER_INSUFFICIENT_BALANCE');
      throw error;
    }
    if (outcome.booksMatched) return outcome;
    for (const ref of refs) knownBookIds.delete(accountKeyOf(ref));
  }
  throw new Error(`Ledger books of posting ${request.key} could not be resolved`);
};

const requestHashOf = (input: { kind: string; transactionId?: string | null; legs: Leg[] }): string =>
  hashOf({
    kind: input.kind,
    transactionId: input.transactionId ?? null,
    legs: input.legs.map((leg) => [accountKeyOf(leg.account), leg.amount]),
  });

/** The posting already made under `key`: the same request answers it, another one is refused. */
const earlierPosting = async (tx: Db, key: string, requestHash: string): Promise<bigint> => {
  const existing = await findPostingByKey(tx, key);
  if (!existing) throw new AppError('CONFLICT');
  if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  return existing.id;
};

/**
 * One balanced posting, exactly once per key: a retry with the same key and the same legs answers
 * the first posting; the same key with other legs is refused. A user book that would go below
 * zero refuses the posting (LEDGER_INSUFFICIENT_BALANCE) and the caller's transaction with it.
 */
export const post = async (
  tx: Db,
  input: { key: string; kind: string; legs: Leg[]; transactionId?: string | null; alongside?: SQL },
): Promise<PostResult> => {
  assertBalanced(input.legs);
  const requestHash = requestHashOf(input);
  const outcome = await runPosting(tx, {
    key: input.key,
    kind: input.kind,
    requestHash,
    transactionId: input.transactionId ?? null,
    legs: input.legs,
    alongside: input.alongside,
  });
  if (outcome.postingId !== null) return { postingId: outcome.postingId, duplicate: false };
  return { postingId: await earlierPosting(tx, input.key, requestHash), duplicate: true };
};

/**
 * `post` for a posting with very many legs (a distribution to every holder of an asset): the books
 * are created and looked up in one statement and the posting is written in one more, whatever the
 * number of legs. Same guarantees as `post`: balanced per unit, once per key, floors kept.
 */
export const postBulk = async (tx: Db, input: { key: string; kind: string; legs: Leg[] }): Promise<PostResult> => {
  assertBalanced(input.legs);
  const requestHash = requestHashOf(input);
  const ids = await ensureBooksBulk(tx, [
    ...new Map(input.legs.map((leg) => [accountKeyOf(leg.account), accountRow(leg.account)])).values(),
  ]);
  const legs = input.legs.map((leg) => {
    const accountKey = accountKeyOf(leg.account);
    const accountId = ids.get(accountKey);
    if (accountId === undefined) throw new Error(`Ledger account ${accountKey} missing after creation`);
    return { accountId, accountKey, amount: leg.amount, unit: unitOf(leg.account) };
  });
  let postingId: bigint | null;
  try {
    postingId = await insertBulkPosting(tx, {
      key: input.key,
      kind: input.kind,
      requestHash,
      transactionId: null,
      legs,
    });
  } catch (error) {
    const { code, constraint } = pgErrorOf(error);
    if (code === CHECK_VIOLATION && constraint && INSUFFICIENT_CONSTRAINTS.has(constraint))
      throw new AppError('LEDGER_INSUFFICIENT_BALANCE');
    throw error;
  }
  if (postingId !== null) return { postingId, duplicate: false };
  return { postingId: await earlierPosting(tx, input.key, requestHash), duplicate: true };
};

export type HoldResult = { holdId: string; duplicate: boolean };

/**
 * Reserves `amount` of a user's cash or shares: it moves to the user's held book at once, so it
 * can be spent only once; the hold later resolves exactly once (postHold or voidHold).
 */
export const hold = async (
  tx: Db,
  input: {
    key: string;
    account: { kind: 'user_cash'; userId: string } | { kind: 'user_shares'; userId: string; assetId: string };
    amount: bigint;
    transactionId?: string | null;
  },
): Promise<HoldResult> => {
  if (input.amount <= 0n) throw new Error('A hold must be positive');
  const held = heldAccountOf(input.account);
  const legs: Leg[] = [
    { account: input.account, amount: -input.amount },
    { account: held, amount: input.amount },
  ];
  const requestHash = requestHashOf({ kind: 'hold', transactionId: input.transactionId, legs });
  const outcome = await runPosting(tx, {
    key: input.key,
    kind: 'hold',
    requestHash,
    transactionId: input.transactionId ?? null,
    legs,
    openHold: { source: input.account, held, amount: input.amount },
  });
  if (outcome.postingId !== null) {
    if (!outcome.holdId) throw new Error('unreachable: the hold is written with its posting');
    return { holdId: outcome.holdId, duplicate: false };
  }
  const holdId = await findHoldIdOfPosting(tx, await earlierPosting(tx, input.key, requestHash));
  if (!holdId) throw new AppError('CONFLICT');
  return { holdId, duplicate: true };
};

export type ResolveResult =
  | { outcome: 'posted' | 'voided'; postingId: bigint }
  | { outcome: 'already-posted' | 'already-voided' };

const lockPendingHold = async (tx: Db, holdId: string): Promise<LockedHold | ResolveResult> => {
  const row = await lockHoldWithBooks(tx, holdId);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status === 'posted') return { outcome: 'already-posted' };
  if (row.status === 'voided') return { outcome: 'already-voided' };
  return row;
};

/** The book of a hold as a reference (a hold always sits on a user's cash or shares). */
const refOfBook = (book: BookOfHold): AccountRef => {
  if (!book.userId) throw new Error('A hold always sits on a user book');
  if (book.kind === 'user_cash_held' || book.kind === 'user_cash') return { kind: book.kind, userId: book.userId };
  if ((book.kind === 'user_shares_held' || book.kind === 'user_shares') && book.assetId) {
    return { kind: book.kind, userId: book.userId, assetId: book.assetId };
  }
  throw new Error(`Unexpected held book ${book.kind}`);
};

const resolve = async (
  tx: Db,
  row: LockedHold,
  status: 'posted' | 'voided',
  legs: Leg[],
  kind: string,
): Promise<ResolveResult> => {
  assertBalanced(legs);
  const key = `hold:${row.id}:${status}`;
  const outcome = await runPosting(tx, {
    key,
    kind,
    requestHash: requestHashOf({ kind, transactionId: row.transactionId, legs }),
    transactionId: row.transactionId,
    legs,
    resolveHold: { holdId: row.id, status },
  });
  // The hold is locked and pending, so its resolution posting cannot exist yet.
  if (outcome.postingId === null || !outcome.holdResolved) throw new AppError('CONFLICT');
  return { outcome: status, postingId: outcome.postingId };
};

/** Settles a hold: the held amount goes to `to` (positive legs that sum to the held amount). */
export const postHold = async (tx: Db, holdId: string, input: { kind: string; to: Leg[] }): Promise<ResolveResult> => {
  const row = await lockPendingHold(tx, holdId);
  if (!('id' in row)) return row;
  const total = input.to.reduce((sum, leg) => sum + leg.amount, 0n);
  if (total !== row.amount || input.to.some((leg) => leg.amount <= 0n)) {
    throw new Error(`postHold must distribute exactly ${row.amount}, got ${total}`);
  }
  return resolve(tx, row, 'posted', [{ account: refOfBook(row.held), amount: -row.amount }, ...input.to], input.kind);
};

/**
 * `postHold` for a hold whose caller already knows it and holds the lock that guards it (the
 * purchase row of a primary purchase, issue 37): the hold is not read and locked first; the
 * posting resolves it in the same statement only if it is still pending with exactly this amount
 * on this held book for this business transaction, and refuses (CONFLICT, nothing kept once the
 * caller's transaction rolls back) otherwise. One round trip instead of two.
 */
export const postKnownHold = async (
  tx: Db,
  known: { holdId: string; held: AccountRef; amount: bigint; transactionId: string | null },
  input: { kind: string; to: Leg[] },
): Promise<ResolveResult> => {
  const total = input.to.reduce((sum, leg) => sum + leg.amount, 0n);
  if (total !== known.amount || input.to.some((leg) => leg.amount <= 0n)) {
    throw new Error(`postKnownHold must distribute exactly ${known.amount}, got ${total}`);
  }
  const legs: Leg[] = [{ account: known.held, amount: -known.amount }, ...input.to];
  assertBalanced(legs);
  const outcome = await runPosting(tx, {
    key: `hold:${known.holdId}:posted`,
    kind: input.kind,
    requestHash: requestHashOf({ kind: input.kind, transactionId: known.transactionId, legs }),
    transactionId: known.transactionId,
    legs,
    resolveHold: {
      holdId: known.holdId,
      status: 'posted',
      expected: { amount: known.amount, held: known.held, transactionId: known.transactionId },
    },
  });
  if (outcome.postingId === null || !outcome.holdResolved) throw new AppError('CONFLICT');
  return { outcome: 'posted', postingId: outcome.postingId };
};

/** Releases a hold: the held amount goes back to where it came from. */
export const voidHold = async (tx: Db, holdId: string): Promise<ResolveResult> => {
  const row = await lockPendingHold(tx, holdId);
  if (!('id' in row)) return row;
  return resolve(
    tx,
    row,
    'voided',
    [
      { account: refOfBook(row.held), amount: -row.amount },
      { account: refOfBook(row.source), amount: row.amount },
    ],
    'hold-void',
  );
};

/** Balance of one book (0 when it does not exist yet); a house book's is the sum of its shards. */
export const balanceOf = async (tx: Db, ref: AccountRef): Promise<bigint> => {
  const [row] = await tx
    .select({ balance: ledgerAccountBalances.balance })
    .from(ledgerAccountBalances)
    .where(eq(ledgerAccountBalances.accountKey, accountKeyOf(ref)));
  return row?.balance === undefined ? 0n : BigInt(row.balance);
};

/** A user's euro books (one row each, never sharded): available cash and cash held for payouts and purchases. */
export const cashBalances = async (tx: Db, userId: string): Promise<{ availableCents: bigint; heldCents: bigint }> => {
  const available = accountKeyOf({ kind: 'user_cash', userId });
  const held = accountKeyOf({ kind: 'user_cash_held', userId });
  const rows = await tx
    .select({ accountKey: ledgerAccounts.accountKey, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.accountKey, [available, held]));
  const balance = (key: string) => rows.find((row) => row.accountKey === key)?.balance ?? 0n;
  return { availableCents: balance(available), heldCents: balance(held) };
};
