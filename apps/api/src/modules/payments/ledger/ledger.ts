import { createHash } from 'node:crypto';
import { type Db, ledgerAccounts, ledgerEntries, ledgerHolds, ledgerPostings } from '@bw/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';
import { type AccountRef, accountKeyOf, accountRow, heldAccountOf, unitOf } from './accounts.js';

/**
 * The ledger's internal API (architecture: money, shares and the ledger; ADR 0005). Every call
 * takes the caller's transaction, so the books change together with the business change.
 * Used by the payments module and later by the primary market and the bulletin board.
 */
export type Leg = { account: AccountRef; amount: bigint };
export type PostResult = {
  postingId: bigint;
  duplicate: boolean;
  /** Ids of the books the posting touched, by account key (empty for a duplicate). */
  accountIds: Map<string, bigint>;
};

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

type LockedAccount = { id: bigint; accountKey: string; balance: bigint; mayGoNegative: boolean };

/**
 * Creates missing books (in key order) and locks every book of the posting in id order, so two
 * postings touching the same books never wait on each other in a cycle.
 */
const lockAccounts = async (tx: Db, refs: AccountRef[]): Promise<Map<string, LockedAccount>> => {
  const rows = [...new Map(refs.map((ref) => [accountKeyOf(ref), accountRow(ref)])).values()].sort((a, b) =>
    a.accountKey < b.accountKey ? -1 : 1,
  );
  // One statement for all books; rows are in key order, so concurrent creators never deadlock.
  await tx.insert(ledgerAccounts).values(rows).onConflictDoNothing({ target: ledgerAccounts.accountKey });
  const locked = await tx
    .select({
      id: ledgerAccounts.id,
      accountKey: ledgerAccounts.accountKey,
      balance: ledgerAccounts.balance,
      mayGoNegative: ledgerAccounts.mayGoNegative,
    })
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.accountKey,
        rows.map((row) => row.accountKey),
      ),
    )
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  return new Map(locked.map((row) => [row.accountKey, row]));
};

/**
 * One balanced posting, exactly once per key: a retry with the same key and the same legs answers
 * the first posting; the same key with other legs is refused.
 */
export const post = async (
  tx: Db,
  input: { key: string; kind: string; legs: Leg[]; transactionId?: string | null },
): Promise<PostResult> => {
  assertBalanced(input.legs);
  const requestHash = hashOf({
    kind: input.kind,
    transactionId: input.transactionId ?? null,
    legs: input.legs.map((leg) => [accountKeyOf(leg.account), leg.amount]),
  });
  const [created] = await tx
    .insert(ledgerPostings)
    .values({
      kind: input.kind,
      idempotencyKey: input.key,
      requestHash,
      transactionId: input.transactionId ?? null,
    })
    .onConflictDoNothing({ target: ledgerPostings.idempotencyKey })
    .returning({ id: ledgerPostings.id });
  if (!created) {
    const [existing] = await tx
      .select({ id: ledgerPostings.id, requestHash: ledgerPostings.requestHash })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.idempotencyKey, input.key));
    if (!existing) throw new AppError('CONFLICT');
    if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return { postingId: existing.id, duplicate: true, accountIds: new Map() };
  }

  const accounts = await lockAccounts(
    tx,
    input.legs.map((leg) => leg.account),
  );
  const change = new Map<string, bigint>();
  for (const leg of input.legs) {
    const key = accountKeyOf(leg.account);
    change.set(key, (change.get(key) ?? 0n) + leg.amount);
  }
  for (const [key, delta] of change) {
    const account = accounts.get(key);
    if (!account) throw new Error(`Ledger account ${key} missing after creation`);
    if (!account.mayGoNegative && account.balance + delta < 0n) throw new AppError('LEDGER_INSUFFICIENT_BALANCE');
  }
  await tx.insert(ledgerEntries).values(
    input.legs.map((leg) => {
      const account = accounts.get(accountKeyOf(leg.account));
      if (!account) throw new Error('unreachable: account locked above');
      return { postingId: created.id, accountId: account.id, amount: leg.amount, unit: unitOf(leg.account) };
    }),
  );
  return {
    postingId: created.id,
    duplicate: false,
    accountIds: new Map([...accounts].map(([key, account]) => [key, account.id])),
  };
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
  const posted = await post(tx, {
    key: input.key,
    kind: 'hold',
    transactionId: input.transactionId,
    legs: [
      { account: input.account, amount: -input.amount },
      { account: held, amount: input.amount },
    ],
  });
  if (posted.duplicate) {
    const [existing] = await tx
      .select({ id: ledgerHolds.id })
      .from(ledgerHolds)
      .where(eq(ledgerHolds.holdPostingId, posted.postingId));
    if (!existing) throw new AppError('CONFLICT');
    return { holdId: existing.id, duplicate: true };
  }
  const sourceAccountId = posted.accountIds.get(accountKeyOf(input.account));
  const heldAccountId = posted.accountIds.get(accountKeyOf(held));
  if (sourceAccountId === undefined || heldAccountId === undefined)
    throw new Error('unreachable: books locked by post');
  const [created] = await tx
    .insert(ledgerHolds)
    .values({
      sourceAccountId,
      heldAccountId,
      amount: input.amount,
      unit: unitOf(input.account),
      holdPostingId: posted.postingId,
      transactionId: input.transactionId ?? null,
    })
    .returning({ id: ledgerHolds.id });
  if (!created) throw new Error('unreachable: insert returned nothing');
  return { holdId: created.id, duplicate: false };
};

export type ResolveResult =
  | { outcome: 'posted' | 'voided'; postingId: bigint }
  | { outcome: 'already-posted' | 'already-voided' };

type HoldRow = typeof ledgerHolds.$inferSelect;

const lockPendingHold = async (tx: Db, holdId: string): Promise<HoldRow | ResolveResult> => {
  const [row] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.id, holdId)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
  if (row.status === 'posted') return { outcome: 'already-posted' };
  if (row.status === 'voided') return { outcome: 'already-voided' };
  return row;
};

const heldRefOf = async (tx: Db, accountId: bigint): Promise<AccountRef> => {
  const [row] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
  if (!row?.userId) throw new Error('A hold always sits on a user book');
  if (row.kind === 'user_cash_held' || row.kind === 'user_cash') return { kind: row.kind, userId: row.userId };
  if ((row.kind === 'user_shares_held' || row.kind === 'user_shares') && row.assetId) {
    return { kind: row.kind, userId: row.userId, assetId: row.assetId };
  }
  throw new Error(`Unexpected held book ${row.kind}`);
};

const resolve = async (
  tx: Db,
  row: HoldRow,
  status: 'posted' | 'voided',
  legs: Leg[],
  kind: string,
): Promise<ResolveResult> => {
  const posted = await post(tx, { key: `hold:${row.id}:${status}`, kind, legs, transactionId: row.transactionId });
  const updated = await tx
    .update(ledgerHolds)
    .set({ status, resolvePostingId: posted.postingId, resolvedAt: new Date() })
    .where(and(eq(ledgerHolds.id, row.id), eq(ledgerHolds.status, 'pending')))
    .returning({ id: ledgerHolds.id });
  if (updated.length !== 1) throw new AppError('CONFLICT');
  return { outcome: status, postingId: posted.postingId };
};

/** Settles a hold: the held amount goes to `to` (positive legs that sum to the held amount). */
export const postHold = async (tx: Db, holdId: string, input: { kind: string; to: Leg[] }): Promise<ResolveResult> => {
  const row = await lockPendingHold(tx, holdId);
  if (!('id' in row)) return row;
  const total = input.to.reduce((sum, leg) => sum + leg.amount, 0n);
  if (total !== row.amount || input.to.some((leg) => leg.amount <= 0n)) {
    throw new Error(`postHold must distribute exactly ${row.amount}, got ${total}`);
  }
  const held = await heldRefOf(tx, row.heldAccountId);
  return resolve(tx, row, 'posted', [{ account: held, amount: -row.amount }, ...input.to], input.kind);
};

/** Releases a hold: the held amount goes back to where it came from. */
export const voidHold = async (tx: Db, holdId: string): Promise<ResolveResult> => {
  const row = await lockPendingHold(tx, holdId);
  if (!('id' in row)) return row;
  const held = await heldRefOf(tx, row.heldAccountId);
  const source = await heldRefOf(tx, row.sourceAccountId);
  return resolve(
    tx,
    row,
    'voided',
    [
      { account: held, amount: -row.amount },
      { account: source, amount: row.amount },
    ],
    'hold-void',
  );
};

/** Balance of one book (0 when it does not exist yet). */
export const balanceOf = async (tx: Db, ref: AccountRef): Promise<bigint> => {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.accountKey, accountKeyOf(ref)));
  return row?.balance ?? 0n;
};

/** A user's euro books: available cash and cash held for payouts and purchases in progress. */
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
