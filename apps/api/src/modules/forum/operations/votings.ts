import type { CreateVotingBody, VotingView } from '@bw/contracts';
import { createVotingBody, votingOptionInput } from '@bw/contracts';
import type { Db } from '@bw/db';
import {
  acceptsOptions,
  acceptsSupport,
  acceptsVotes,
  scheduleVote,
  supportFactsOf,
  supportReached,
  VOTING_OPTIONS_MAX,
  withinSupportWindow,
} from '@bw/domain';
import type { z } from 'zod';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { attachOwnFiles } from '../../files/operations/attach-files.js';
import {
  addSupport,
  countOptions,
  deleteVote,
  findVoting,
  holdersNow,
  insertOptions,
  insertVoting,
  lockVoting,
  markUpcoming,
  optionsOf,
  removeSupport,
  supportersOf,
  thresholdSharesOf,
  upsertVote,
  type VotingRow,
  weightOf,
} from '../forum.repo.js';
import { requireForumReader, requireHolder } from './forum-access.js';
import type { ForumDeps } from './forum-deps.js';
import { enqueuePhaseChanged, scheduleNextPhase } from './phase-events.js';
import { votingViews } from './votings-view.js';

type VotingRef = { id: string; v: string };

/** New options, each with the author's own files attached (issue 24: "options with attachments"). */
const insertOptionsWithFiles = async (
  tx: Db,
  votingId: string,
  authorId: string,
  options: z.output<typeof votingOptionInput>[],
): Promise<void> => {
  const ids = await insertOptions(tx, votingId, authorId, options);
  for (const [index, option] of options.entries()) {
    const id = ids[index];
    if (id) await attachOwnFiles(tx, authorId, option.attachments, { kind: 'votingOption', id });
  }
};

const viewOf = async (db: Db, userId: string, voting: VotingRow): Promise<VotingView> => {
  const [view] = await votingViews(db, userId, [voting]);
  if (!view) throw new Error('voting view missing');
  return view;
};

const reload = async (db: Db, ref: VotingRef): Promise<VotingRow> => {
  const voting = await findVoting(db, ref.id, ref.v);
  if (!voting) throw new AppError('VOTING_NOT_FOUND');
  return voting;
};

/**
 * Inside a support's transaction: when the support rule holds now (spec section 5), the suggestion
 * becomes upcoming with its schedule, and the holders are told. Answers whether it did.
 */
const promoteIfSupported = async (tx: Db, deps: ForumDeps, voting: VotingRow, now: Date): Promise<VotingRow | null> => {
  const holders = await holdersNow(tx, voting.assetId);
  const supporters = (await supportersOf(tx, [voting.id])).map((s) => s.userId);
  const facts = supportFactsOf(holders, supporters, await thresholdSharesOf(tx, voting.assetId));
  if (!supportReached({ ...facts, suggestedAt: voting.suggestedAt, at: now })) return null;
  const { startsAt, endsAt } = scheduleVote(now);
  await markUpcoming(tx, voting.id, now, startsAt, endsAt);
  await enqueuePhaseChanged(tx, deps, voting, 'upcoming', { outcome: null, userIds: [...holders.keys()] });
  return { ...voting, phase: 'upcoming', supportReachedAt: now, startsAt, endsAt };
};

/** POST voting: a holder suggests a voting with its first options and supports it at once. */
export const createVoting = async (
  deps: ForumDeps,
  user: SessionUser,
  input: CreateVotingBody,
  now = new Date(),
): Promise<VotingView> => {
  const body: z.output<typeof createVotingBody> = createVotingBody.parse(input);
  await requireHolder(deps.db, user, body.assetId);
  const { voting, promoted } = await deps.db.transaction(async (tx) => {
    const voting = await insertVoting(tx, {
      assetId: body.assetId,
      authorId: user.userId,
      title: body.title,
      description: body.description,
      theme: body.theme,
      suggestedAt: now,
    });
    await insertOptionsWithFiles(tx, voting.id, user.userId, body.options);
    await addSupport(tx, voting.id, user.userId);
    return { voting, promoted: await promoteIfSupported(tx, deps, voting, now) };
  });
  await scheduleNextPhase(deps, promoted ?? voting);
  return viewOf(deps.db, user.userId, promoted ?? voting);
};

/** POST {id}/voting/{v}/option: options are added while the voting has not started. */
export const addVotingOption = async (
  deps: ForumDeps,
  user: SessionUser,
  ref: VotingRef,
  input: z.input<typeof votingOptionInput>,
): Promise<VotingView> => {
  const option = votingOptionInput.parse(input);
  await requireHolder(deps.db, user, ref.id);
  await reload(deps.db, ref);
  await deps.db.transaction(async (tx) => {
    const voting = await lockVoting(tx, ref.v, 'update');
    if (!voting) throw new AppError('VOTING_NOT_FOUND');
    if (!acceptsOptions(voting.phase)) throw new AppError('VOTING_OPTIONS_CLOSED');
    if ((await countOptions(tx, voting.id)) >= VOTING_OPTIONS_MAX) throw new AppError('VOTING_OPTIONS_FULL');
    await insertOptionsWithFiles(tx, voting.id, user.userId, [option]);
  });
  return viewOf(deps.db, user.userId, await reload(deps.db, ref));
};

/**
 * POST {id}/voting/{v}/vote: while a suggestion, supports it (spec section 5); while the vote runs,
 * votes against all options or abstains (spec section 4). The same call twice is one vote.
 */
export const voteOnVoting = async (
  deps: ForumDeps,
  user: SessionUser,
  ref: VotingRef,
  choice: 'againstAll' | 'abstain' | undefined,
  now = new Date(),
): Promise<VotingView> => {
  await requireForumReader(deps.db, user, ref.id);
  const current = await reload(deps.db, ref);
  if (acceptsSupport(current.phase) && choice === undefined) {
    await requireHolder(deps.db, user, ref.id);
    const promoted = await deps.db.transaction(async (tx) => {
      const voting = await lockVoting(tx, ref.v, 'update');
      if (!voting || !acceptsSupport(voting.phase) || !withinSupportWindow(voting.suggestedAt, now))
        throw new AppError('VOTING_NOT_SUGGESTION');
      await addSupport(tx, voting.id, user.userId);
      return promoteIfSupported(tx, deps, voting, now);
    });
    if (promoted) await scheduleNextPhase(deps, promoted);
    return viewOf(deps.db, user.userId, await reload(deps.db, ref));
  }
  if (acceptsSupport(current.phase)) throw new AppError('VOTING_NOT_RUNNING');
  if (!choice) throw new AppError(acceptsVotes(current.phase) ? 'VOTING_CHOICE_REQUIRED' : 'VOTING_NOT_SUGGESTION');
  await castVote(deps.db, user, ref, { choice, optionId: null });
  return viewOf(deps.db, user.userId, await reload(deps.db, ref));
};

/** POST {id}/voting/{v}/option/{o}/vote: approve one option (replaces the holder's earlier vote). */
export const voteForOption = async (
  deps: ForumDeps,
  user: SessionUser,
  ref: VotingRef & { o: string },
): Promise<VotingView> => {
  await requireForumReader(deps.db, user, ref.id);
  await reload(deps.db, ref);
  const options = await optionsOf(deps.db, [ref.v]);
  if (!options.some((o) => o.id === ref.o)) throw new AppError('VOTING_OPTION_NOT_FOUND');
  await castVote(deps.db, user, ref, { choice: 'option', optionId: ref.o });
  return viewOf(deps.db, user.userId, await reload(deps.db, ref));
};

/** One vote under a shared lock of the voting row, so closing (FOR UPDATE) sees every vote or refuses it. */
const castVote = async (
  db: Db,
  user: SessionUser,
  ref: VotingRef,
  vote: { choice: 'option' | 'againstAll' | 'abstain'; optionId: string | null },
): Promise<void> => {
  await db.transaction(async (tx) => {
    const voting = await lockVoting(tx, ref.v, 'share');
    if (!voting || !acceptsVotes(voting.phase)) throw new AppError('VOTING_NOT_RUNNING');
    const weight = await weightOf(tx, voting.id, user.userId);
    if (!weight) throw new AppError('VOTING_NO_WEIGHT');
    await upsertVote(tx, { votingId: voting.id, userId: user.userId, ...vote });
  });
};

/**
 * DELETE {id}/voting/{v}/vote and DELETE …/option/{o}/vote: withdraws the support of a suggestion
 * or the vote of a running voting (only that option's, for the option call). Withdrawing nothing is fine.
 */
export const withdrawVote = async (
  deps: ForumDeps,
  user: SessionUser,
  ref: VotingRef & { o?: string },
): Promise<VotingView> => {
  await requireForumReader(deps.db, user, ref.id);
  await reload(deps.db, ref);
  await deps.db.transaction(async (tx) => {
    const voting = await lockVoting(tx, ref.v, ref.o ? 'share' : 'update');
    if (!voting) throw new AppError('VOTING_NOT_FOUND');
    if (acceptsSupport(voting.phase) && !ref.o) {
      await removeSupport(tx, voting.id, user.userId);
      return;
    }
    if (!acceptsVotes(voting.phase)) throw new AppError('VOTING_NOT_RUNNING');
    await deleteVote(tx, voting.id, user.userId, ref.o);
  });
  return viewOf(deps.db, user.userId, await reload(deps.db, ref));
};
