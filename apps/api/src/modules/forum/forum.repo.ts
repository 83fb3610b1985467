import {
  arrayParam,
  assets,
  type Db,
  forumComplaints,
  forumMessages,
  queryRows,
  users,
  votingOptions,
  votingSupports,
  votings,
  votingVotes,
  votingWeights,
} from '@bw/db';
import { financingThresholdShares, type VotingChoice } from '@bw/domain';
import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';

/** The SQL of the forum (issue 24, ADR 0027); every function takes the caller's transaction. */

export type VotingRow = typeof votings.$inferSelect;
export type OptionRow = typeof votingOptions.$inferSelect;

/** A stored vote as the domain's choice. */
export const choiceOfRow = (row: { choice: string; option_id: string | null }): VotingChoice =>
  row.choice === 'option' && row.option_id
    ? { kind: 'option', optionId: row.option_id }
    : row.choice === 'againstAll'
      ? { kind: 'againstAll' }
      : { kind: 'abstain' };

export const assetExists = async (tx: Db, assetId: string): Promise<boolean> =>
  (await tx.select({ id: assets.id }).from(assets).where(eq(assets.id, assetId))).length > 0;

/** The asset's financing threshold in shares (the floor of its voting shares, ADR 0027 addendum); 0 if unknown. */
export const thresholdSharesOf = async (tx: Db, assetId: string): Promise<bigint> => {
  const [row] = await tx
    .select({
      fundingThresholdCents: assets.fundingThresholdCents,
      pricePerShareCents: assets.pricePerShareCents,
      totalShares: assets.totalShares,
    })
    .from(assets)
    .where(eq(assets.id, assetId));
  return row ? financingThresholdShares(row) : 0n;
};

/** Shares the user holds of the asset now: free and held share books. */
export const sharesHeldNow = async (tx: Db, userId: string, assetId: string): Promise<bigint> => {
  const [row] = await queryRows<{ shares: string | null }>(
    tx,
    sql`SELECT sum(balance)::text AS shares FROM ledger_accounts
      WHERE user_id = ${userId}::uuid AND asset_id = ${assetId} AND kind IN ('user_shares', 'user_shares_held')`,
  );
  return BigInt(row?.shares ?? '0');
};

/** Every investor's shares of the asset now (the voting shares and the investors of the support rule). */
export const holdersNow = async (tx: Db, assetId: string): Promise<Map<string, bigint>> => {
  const rows = await queryRows<{ user_id: string; shares: string }>(
    tx,
    sql`SELECT user_id::text AS user_id, sum(balance)::text AS shares FROM ledger_accounts
      WHERE asset_id = ${assetId} AND kind IN ('user_shares', 'user_shares_held')
      GROUP BY user_id HAVING sum(balance) > 0`,
  );
  return new Map(rows.map((row) => [row.user_id, BigInt(row.shares)]));
};

/** Display name in the forum: first name and the initial of the last name. */
const authorName = sql<string>`coalesce(nullif(trim(concat(${users.firstName}, ' ', left(coalesce(${users.lastName}, ''), 1), CASE WHEN ${users.lastName} IS NULL OR ${users.lastName} = '' THEN '' ELSE '.' END)), ''), 'Anleger:in')`;

/** Where a page of messages ends: the last message's time in microseconds and its id (ties). */
export type MessageCursor = { micros: string; id: string };

/** Newest first by (created_at, id); a cursor starts right after that message, `before` (older clients) at a time. */
export const listMessages = (
  tx: Db,
  assetId: string,
  before: Date | null,
  limit: number,
  cursor: MessageCursor | null = null,
) =>
  tx
    .select({
      id: forumMessages.id,
      assetId: forumMessages.assetId,
      authorId: forumMessages.authorId,
      authorName,
      body: forumMessages.body,
      createdAt: forumMessages.createdAt,
      micros: sql<string>`(extract(epoch from ${forumMessages.createdAt}) * 1000000)::bigint::text`,
      editedAt: forumMessages.editedAt,
      hiddenAt: forumMessages.hiddenAt,
    })
    .from(forumMessages)
    .innerJoin(users, eq(users.id, forumMessages.authorId))
    .where(
      and(
        eq(forumMessages.assetId, assetId),
        before ? lt(forumMessages.createdAt, before) : undefined,
        cursor
          ? sql`(${forumMessages.createdAt}, ${forumMessages.id}) < ('epoch'::timestamptz + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(forumMessages.createdAt), desc(forumMessages.id))
    .limit(limit);
export type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

export const insertMessage = async (tx: Db, input: { assetId: string; authorId: string; body: string }) => {
  const [row] = await tx.insert(forumMessages).values(input).returning({ id: forumMessages.id });
  if (!row) throw new Error('message not inserted');
  return row.id;
};

export const findMessage = async (tx: Db, messageId: string) =>
  (await tx.select().from(forumMessages).where(eq(forumMessages.id, messageId)))[0];

/** One complaint per investor and message: a second one answers the first. */
export const insertComplaint = async (tx: Db, input: { messageId: string; userId: string; reason: string }) => {
  await tx.insert(forumComplaints).values(input).onConflictDoNothing();
  const [row] = await tx
    .select({ id: forumComplaints.id, status: forumComplaints.status })
    .from(forumComplaints)
    .where(and(eq(forumComplaints.messageId, input.messageId), eq(forumComplaints.userId, input.userId)));
  if (!row) throw new Error('complaint not found after insert');
  return row;
};

export const listOpenComplaints = async (tx: Db, limit: number) => {
  const complainant = sql<string>`(SELECT email FROM users WHERE id = ${forumComplaints.userId})`;
  return tx
    .select({
      id: forumComplaints.id,
      messageId: forumComplaints.messageId,
      assetId: forumMessages.assetId,
      messageText: forumMessages.body,
      messageAuthor: users.email,
      hiddenAt: forumMessages.hiddenAt,
      reason: forumComplaints.reason,
      complainant,
      createdAt: forumComplaints.createdAt,
    })
    .from(forumComplaints)
    .innerJoin(forumMessages, eq(forumMessages.id, forumComplaints.messageId))
    .innerJoin(users, eq(users.id, forumMessages.authorId))
    .where(eq(forumComplaints.status, 'open'))
    .orderBy(asc(forumComplaints.createdAt))
    .limit(limit);
};

export const lockMessage = async (tx: Db, messageId: string) =>
  (await tx.select().from(forumMessages).where(eq(forumMessages.id, messageId)).for('update'))[0];

/** The author's edit, only while the message is visible and its author is the caller. */
export const updateMessageBody = async (tx: Db, messageId: string, authorId: string, body: string, at: Date) =>
  (
    await tx
      .update(forumMessages)
      .set({ body, editedAt: at })
      .where(and(eq(forumMessages.id, messageId), eq(forumMessages.authorId, authorId), isNull(forumMessages.hiddenAt)))
      .returning({ id: forumMessages.id })
  ).length > 0;

export const setMessageHidden = async (tx: Db, messageId: string, hidden: boolean, reason: string) => {
  await tx
    .update(forumMessages)
    .set({ hiddenAt: hidden ? new Date() : null, hiddenReason: reason })
    .where(eq(forumMessages.id, messageId));
};

export const resolveComplaints = async (tx: Db, messageId: string, resolution: string): Promise<number> =>
  (
    await tx
      .update(forumComplaints)
      .set({ status: 'resolved', resolvedAt: new Date(), resolution })
      .where(and(eq(forumComplaints.messageId, messageId), eq(forumComplaints.status, 'open')))
      .returning({ id: forumComplaints.id })
  ).length;

// Votings

export const insertVoting = async (
  tx: Db,
  input: { assetId: string; authorId: string; title: string; description: string; theme: string; suggestedAt: Date },
): Promise<VotingRow> => {
  const [row] = await tx.insert(votings).values(input).returning();
  if (!row) throw new Error('voting not inserted');
  return row;
};

/** The new options' ids, in the order given. */
export const insertOptions = async (
  tx: Db,
  votingId: string,
  authorId: string,
  options: { title: string; description: string }[],
): Promise<string[]> => {
  if (options.length === 0) return [];
  // One statement, increasing timestamps keep the order in which they were given.
  const base = Date.now();
  const rows = await tx
    .insert(votingOptions)
    .values(
      options.map((option, index) => ({
        votingId,
        authorId,
        title: option.title,
        description: option.description,
        createdAt: new Date(base + index),
      })),
    )
    .returning({ id: votingOptions.id, createdAt: votingOptions.createdAt });
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row) => row.id);
};

/** The asset whose voting holds this option (who may read its attachments). */
export const assetOfOption = async (tx: Db, optionId: string): Promise<string | undefined> =>
  (
    await tx
      .select({ assetId: votings.assetId })
      .from(votingOptions)
      .innerJoin(votings, eq(votings.id, votingOptions.votingId))
      .where(eq(votingOptions.id, optionId))
  )[0]?.assetId;

export const findVoting = async (tx: Db, assetId: string, votingId: string) =>
  (
    await tx
      .select()
      .from(votings)
      .where(and(eq(votings.id, votingId), eq(votings.assetId, assetId)))
  )[0];

/** The voting row locked: phase changes and supports take it FOR UPDATE, votes FOR SHARE. */
export const lockVoting = async (tx: Db, votingId: string, mode: 'update' | 'share') =>
  (await tx.select().from(votings).where(eq(votings.id, votingId)).for(mode))[0];

export const listVotingsOfAsset = (tx: Db, assetId: string) =>
  tx.select().from(votings).where(eq(votings.assetId, assetId)).orderBy(desc(votings.suggestedAt));

export const optionsOf = (tx: Db, votingIds: string[]) =>
  votingIds.length
    ? tx
        .select()
        .from(votingOptions)
        .where(inArray(votingOptions.votingId, votingIds))
        .orderBy(asc(votingOptions.createdAt))
    : Promise.resolve([] as OptionRow[]);

export const countOptions = async (tx: Db, votingId: string): Promise<number> =>
  (
    await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM voting_options WHERE voting_id = ${votingId}`)
  )[0]?.n ?? 0;

export const supportersOf = async (tx: Db, votingIds: string[]) =>
  votingIds.length
    ? tx
        .select({ votingId: votingSupports.votingId, userId: votingSupports.userId })
        .from(votingSupports)
        .where(inArray(votingSupports.votingId, votingIds))
    : [];

export const addSupport = async (tx: Db, votingId: string, userId: string) => {
  await tx.insert(votingSupports).values({ votingId, userId }).onConflictDoNothing();
};

export const removeSupport = async (tx: Db, votingId: string, userId: string) => {
  await tx.delete(votingSupports).where(and(eq(votingSupports.votingId, votingId), eq(votingSupports.userId, userId)));
};

export const markUpcoming = async (tx: Db, votingId: string, at: Date, startsAt: Date, endsAt: Date) => {
  await tx
    .update(votings)
    .set({ phase: 'upcoming', supportReachedAt: at, startsAt, endsAt })
    .where(and(eq(votings.id, votingId), eq(votings.phase, 'suggestion')));
};

/** The snapshot of weights: every holder's shares just before the vote started, from the ledger. */
export const insertWeights = async (tx: Db, votingId: string, weights: { userId: string; shares: bigint }[]) => {
  if (weights.length === 0) return;
  await queryRows(
    tx,
    sql`INSERT INTO voting_weights (voting_id, user_id, shares)
      SELECT ${votingId}::uuid, w.user_id, w.shares
      FROM unnest(${arrayParam(weights.map((w) => w.userId))}::uuid[], ${arrayParam(weights.map((w) => w.shares.toString()))}::bigint[]) AS w (user_id, shares)
      ON CONFLICT DO NOTHING`,
  );
};

export const weightOf = async (tx: Db, votingId: string, userId: string): Promise<bigint | null> => {
  const [row] = await tx
    .select({ shares: votingWeights.shares })
    .from(votingWeights)
    .where(and(eq(votingWeights.votingId, votingId), eq(votingWeights.userId, userId)));
  return row ? BigInt(row.shares) : null;
};

export const weightsOfUser = async (tx: Db, votingIds: string[], userId: string) =>
  votingIds.length
    ? tx
        .select({ votingId: votingWeights.votingId, shares: votingWeights.shares })
        .from(votingWeights)
        .where(and(inArray(votingWeights.votingId, votingIds), eq(votingWeights.userId, userId)))
    : [];

export const weightedHolders = async (tx: Db, votingId: string): Promise<string[]> =>
  (
    await tx.select({ userId: votingWeights.userId }).from(votingWeights).where(eq(votingWeights.votingId, votingId))
  ).map((row) => row.userId);

/** Sets the holder's vote (the last one counts); the same vote again changes nothing. */
export const upsertVote = async (
  tx: Db,
  input: { votingId: string; userId: string; choice: 'option' | 'againstAll' | 'abstain'; optionId: string | null },
) => {
  await tx
    .insert(votingVotes)
    .values(input)
    .onConflictDoUpdate({
      target: [votingVotes.votingId, votingVotes.userId],
      set: { choice: input.choice, optionId: input.optionId, updatedAt: new Date() },
      setWhere: sql`${votingVotes.choice} IS DISTINCT FROM ${input.choice} OR ${votingVotes.optionId} IS DISTINCT FROM ${input.optionId}::uuid`,
    });
};

export const deleteVote = async (tx: Db, votingId: string, userId: string, optionId?: string) => {
  await tx
    .delete(votingVotes)
    .where(
      and(
        eq(votingVotes.votingId, votingId),
        eq(votingVotes.userId, userId),
        optionId ? eq(votingVotes.optionId, optionId) : undefined,
      ),
    );
};

export const votesOfUser = async (tx: Db, votingIds: string[], userId: string) =>
  votingIds.length
    ? tx
        .select({ votingId: votingVotes.votingId, choice: votingVotes.choice, optionId: votingVotes.optionId })
        .from(votingVotes)
        .where(and(inArray(votingVotes.votingId, votingIds), eq(votingVotes.userId, userId)))
    : [];

/** Every current vote of the votings with its holder's snapshot weight (the tally's input). */
export const weightedVotes = async (tx: Db, votingIds: string[]) =>
  votingIds.length
    ? queryRows<{ voting_id: string; user_id: string; choice: string; option_id: string | null; shares: string }>(
        tx,
        sql`SELECT v.voting_id::text AS voting_id, v.user_id::text AS user_id, v.choice, v.option_id::text AS option_id,
            w.shares::text AS shares
          FROM voting_votes v JOIN voting_weights w ON w.voting_id = v.voting_id AND w.user_id = v.user_id
          WHERE v.voting_id = ANY(${arrayParam(votingIds)}::uuid[])`,
      )
    : Promise.resolve([]);

export const setPhase = async (tx: Db, votingId: string, values: Partial<typeof votings.$inferInsert>) => {
  await tx.update(votings).set(values).where(eq(votings.id, votingId));
};

/** Votings whose next phase is due at `at` (the sweep behind the scheduled jobs). */
export const dueVotingIds = async (tx: Db, at: Date, supportWindowMs: number): Promise<string[]> =>
  (
    await queryRows<{ id: string }>(
      tx,
      sql`SELECT id::text AS id FROM votings
        WHERE (phase = 'suggestion' AND suggested_at + make_interval(secs => ${supportWindowMs / 1000}) < ${at.toISOString()}::timestamptz)
          OR (phase = 'upcoming' AND starts_at <= ${at.toISOString()}::timestamptz)
          OR (phase = 'running' AND ends_at <= ${at.toISOString()}::timestamptz)
        ORDER BY suggested_at LIMIT 500`,
    )
  ).map((row) => row.id);
