import type { VotingView } from '@bw/contracts';
import type { Db } from '@bw/db';
import { lastChoices, supportFactsOf, talliesVisible, tallyVotes, VOTING_SUPPORT_WINDOW_MS } from '@bw/domain';
import type { SessionUser } from '../../../plugins/session-user.js';
import { filesAttachedTo } from '../../files/files.repo.js';
import {
  choiceOfRow,
  holdersNow,
  listVotingsOfAsset,
  optionsOf,
  supportersOf,
  thresholdSharesOf,
  type VotingRow,
  votesOfUser,
  weightedVotes,
  weightsOfUser,
} from '../forum.repo.js';
import { requireForumReader } from './forum-access.js';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The votings as one investor sees them: support, options, tallies once the vote runs, own vote. */
export const votingViews = async (db: Db, userId: string, rows: VotingRow[]): Promise<VotingView[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const assetIds = [...new Set(rows.map((row) => row.assetId))];
  const [options, supporters, myVotes, myWeights, votes] = await Promise.all([
    optionsOf(db, ids),
    supportersOf(db, ids),
    votesOfUser(db, ids, userId),
    weightsOfUser(db, ids, userId),
    weightedVotes(
      db,
      rows.filter((row) => talliesVisible(row.phase)).map((row) => row.id),
    ),
  ]);
  const optionFiles = await filesAttachedTo(
    db,
    'votingOption',
    options.map((o) => o.id),
  );
  const holdersByAsset = new Map<string, Map<string, bigint>>();
  const thresholdByAsset = new Map<string, bigint>();
  for (const assetId of assetIds) {
    holdersByAsset.set(assetId, await holdersNow(db, assetId));
    thresholdByAsset.set(assetId, await thresholdSharesOf(db, assetId));
  }

  return rows.map((row) => {
    const holders = holdersByAsset.get(row.assetId) ?? new Map<string, bigint>();
    const supportingUserIds = supporters.filter((s) => s.votingId === row.id).map((s) => s.userId);
    const support = supportFactsOf(holders, supportingUserIds, thresholdByAsset.get(row.assetId) ?? 0n);
    const optionRows = options.filter((o) => o.votingId === row.id);
    const visible = talliesVisible(row.phase);
    const rowVotes = votes.filter((v) => v.voting_id === row.id);
    const tally = visible
      ? tallyVotes(
          optionRows.map((o) => o.id),
          new Map(rowVotes.map((v) => [v.user_id, BigInt(v.shares)])),
          lastChoices(rowVotes.map((v) => ({ holderId: v.user_id, choice: choiceOfRow(v) }))),
        )
      : null;
    const myVote = myVotes.find((v) => v.votingId === row.id);
    const myWeight = myWeights.find((w) => w.votingId === row.id);
    return {
      id: row.id,
      assetId: row.assetId,
      title: row.title,
      description: row.description,
      theme: row.theme,
      phase: row.phase,
      outcome: row.outcome,
      winningOptionId: row.winningOptionId,
      suggestedAt: row.suggestedAt.toISOString(),
      supportDeadline: new Date(row.suggestedAt.getTime() + VOTING_SUPPORT_WINDOW_MS).toISOString(),
      startsAt: iso(row.startsAt),
      endsAt: iso(row.endsAt),
      closedAt: iso(row.closedAt),
      support: {
        supportingShares: support.supportingShares.toString(),
        votingShares: support.votingShares.toString(),
        investorsSupporting: support.investorsSupporting,
        investors: support.investors,
        heldShares: support.heldShares.toString(),
        sharesNeeded: support.sharesNeeded.toString(),
        investorsNeeded: support.investorsNeeded,
      },
      options: optionRows.map((o) => ({
        id: o.id,
        title: o.title,
        description: o.description,
        weight: tally ? (tally.options[o.id] ?? 0n).toString() : null,
        attachments: optionFiles.get(o.id) ?? [],
      })),
      tally:
        tally && row.snapshotShares !== null
          ? {
              againstAll: tally.againstAll.toString(),
              abstain: tally.abstain.toString(),
              cast: tally.castWeight.toString(),
              voters: tally.voters,
              snapshotShares: row.snapshotShares.toString(),
              snapshotHolders: row.snapshotHolders ?? 0,
            }
          : null,
      mySupport: supportingUserIds.includes(userId),
      myVote: myVote ? { choice: myVote.choice, optionId: myVote.optionId } : null,
      myWeight: myWeight ? BigInt(myWeight.shares).toString() : null,
    };
  });
};

/** GET {id}/votings: every voting of the asset, newest suggestion first. */
export const listVotings = async (db: Db, user: SessionUser, assetId: string) => {
  await requireForumReader(db, user, assetId);
  const rows = await listVotingsOfAsset(db, assetId);
  const holders = await holdersNow(db, assetId);
  return { votings: await votingViews(db, user.userId, rows), holder: holders.has(user.userId) };
};
