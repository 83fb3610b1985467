/**
 * Investor forum votings (spec sections 2, 3, 4 "Forum votings", 5, 9; ADR 0027). Pure rules: the
 * support rule of a suggestion, the phase machine, the choices and the tally from snapshot weights.
 */

/** Spec sections 5 and 9: a suggestion needs this share of the voting shares and of the investors … */
export const VOTING_SUPPORT_THRESHOLD_PERCENT = 10n;
/** … within this time after it was suggested. */
export const VOTING_SUPPORT_WINDOW_MS = 48 * 60 * 60 * 1000;
/** A supported suggestion is announced this long before the vote opens (ADR 0027). */
export const VOTING_UPCOMING_MS = 24 * 60 * 60 * 1000;
/** How long the vote runs (ADR 0027). */
export const VOTING_RUNNING_MS = 7 * 24 * 60 * 60 * 1000;

export const VOTING_TITLE_MAX = 120;
export const VOTING_DESCRIPTION_MAX = 4000;
export const VOTING_THEME_MAX = 60;
export const VOTING_OPTIONS_MAX = 10;
export const FORUM_MESSAGE_MAX = 4000;
export const FORUM_COMPLAINT_REASON_MAX = 1000;
/** A message can be edited by its author this long after posting. */
export const FORUM_MESSAGE_EDIT_WINDOW_MS = 15 * 60 * 1000;

export const VOTING_PHASES = ['suggestion', 'upcoming', 'running', 'closed', 'expired'] as const;
export type VotingPhase = (typeof VOTING_PHASES)[number];
export const VOTING_OUTCOMES = ['approved', 'rejected'] as const;
export type VotingOutcome = (typeof VOTING_OUTCOMES)[number];

/** Spec section 4: approve one option, vote against all options, or abstain. */
export type VotingChoice = { kind: 'option'; optionId: string } | { kind: 'againstAll' } | { kind: 'abstain' };

/**
 * ADR 0027 addendum (issue 35): at least this many distinct holders must support a suggestion, so
 * one holder never moves a suggestion to a vote alone, however few investors the asset has.
 */
export const VOTING_SUPPORT_MIN_SUPPORTERS = 3;

export type SupportFacts = {
  /** Shares the supporting investors hold now. */
  supportingShares: bigint;
  /** The voting shares (`votingSharesOf`): the denominator of the share criterion. */
  votingShares: bigint;
  investorsSupporting: number;
  investors: number;
  suggestedAt: Date;
  at: Date;
};

/**
 * The financing threshold in shares: the fewest shares that must be sold for the financing to
 * succeed (the asset's funding threshold over the price per share, rounded up, at most all shares).
 */
export const financingThresholdShares = (asset: {
  fundingThresholdCents: bigint;
  pricePerShareCents: bigint;
  totalShares: number;
}): bigint => {
  if (asset.pricePerShareCents <= 0n || asset.fundingThresholdCents <= 0n) return 0n;
  const shares = (asset.fundingThresholdCents + asset.pricePerShareCents - 1n) / asset.pricePerShareCents;
  const total = BigInt(asset.totalShares);
  return shares < total ? shares : total;
};

/**
 * ADR 0027 addendum: the voting shares are the shares investors hold on the platform, but never
 * fewer than the financing threshold in shares. While an asset is thinly held (early in its
 * financing, or taken over with most shares held outside the platform) the support is measured
 * against the financing the asset needs, not against the few shares held so far.
 */
export const votingSharesOf = (heldShares: bigint, thresholdShares: bigint): bigint =>
  heldShares > thresholdShares ? heldShares : thresholdShares;

/** `part` is at least `percent` % of `whole` (integers; an empty whole is never reached). */
export const reachesPercent = (part: bigint, whole: bigint, percent: bigint): boolean =>
  whole > 0n && part * 100n >= whole * percent;

/** The smallest part that reaches `percent` % of `whole` (what `reachesPercent` needs; 0 of 0 is 1). */
export const neededForPercent = (whole: bigint, percent: bigint): bigint => {
  const needed = (whole * percent + 99n) / 100n;
  return needed > 0n ? needed : 1n;
};

/**
 * The support of a suggestion from the holdings now: each supporter counts with the shares held
 * now (one who sold everything counts nothing); investors are the users holding more than zero.
 * One definition for the support rule, the investor's forum screens and the back office.
 */
export const supportFactsOf = (
  holders: ReadonlyMap<string, bigint>,
  supporters: readonly string[],
  thresholdShares: bigint,
): Omit<SupportFacts, 'suggestedAt' | 'at'> & { heldShares: bigint; sharesNeeded: bigint; investorsNeeded: number } => {
  let supportingShares = 0n;
  let investorsSupporting = 0;
  for (const userId of new Set(supporters)) {
    const shares = holders.get(userId);
    if (!shares || shares <= 0n) continue;
    supportingShares += shares;
    investorsSupporting += 1;
  }
  let heldShares = 0n;
  for (const shares of holders.values()) if (shares > 0n) heldShares += shares;
  const votingShares = votingSharesOf(heldShares, thresholdShares);
  const investors = [...holders.values()].filter((shares) => shares > 0n).length;
  const byPercent = Number(neededForPercent(BigInt(investors), VOTING_SUPPORT_THRESHOLD_PERCENT));
  return {
    supportingShares,
    votingShares,
    heldShares,
    investorsSupporting,
    investors,
    sharesNeeded: neededForPercent(votingShares, VOTING_SUPPORT_THRESHOLD_PERCENT),
    investorsNeeded: Math.max(byPercent, VOTING_SUPPORT_MIN_SUPPORTERS),
  };
};

/** The suggestion may still gather support at `at`: within 48 h of being suggested, inclusive. */
export const withinSupportWindow = (suggestedAt: Date, at: Date): boolean =>
  at.getTime() - suggestedAt.getTime() <= VOTING_SUPPORT_WINDOW_MS;

/**
 * Spec section 5 with ADR 0027's addendum: within 48 hours, supporters holding at least 10 % of
 * the voting shares AND at least 10 % of the investors, and never fewer than
 * `VOTING_SUPPORT_MIN_SUPPORTERS` of them.
 */
export const supportReached = (facts: SupportFacts): boolean =>
  withinSupportWindow(facts.suggestedAt, facts.at) &&
  facts.investorsSupporting >= VOTING_SUPPORT_MIN_SUPPORTERS &&
  reachesPercent(facts.supportingShares, facts.votingShares, VOTING_SUPPORT_THRESHOLD_PERCENT) &&
  reachesPercent(BigInt(facts.investorsSupporting), BigInt(facts.investors), VOTING_SUPPORT_THRESHOLD_PERCENT);

export type VotingClock = {
  phase: VotingPhase;
  suggestedAt: Date;
  startsAt: Date | null;
  endsAt: Date | null;
};

/** What the phase job does at `at`: the next phase if it is due, else null (spec section 4). */
export const duePhaseChange = (voting: VotingClock, at: Date): Exclude<VotingPhase, 'suggestion'> | null => {
  switch (voting.phase) {
    case 'suggestion':
      return withinSupportWindow(voting.suggestedAt, at) ? null : 'expired';
    case 'upcoming':
      return voting.startsAt && at >= voting.startsAt ? 'running' : null;
    case 'running':
      return voting.endsAt && at >= voting.endsAt ? 'closed' : null;
    case 'closed':
    case 'expired':
      return null;
  }
};

/** The next moment a phase job has to look at the voting, or null when it is final. */
export const nextPhaseDueAt = (voting: VotingClock): Date | null => {
  switch (voting.phase) {
    case 'suggestion':
      return new Date(voting.suggestedAt.getTime() + VOTING_SUPPORT_WINDOW_MS + 1);
    case 'upcoming':
      return voting.startsAt;
    case 'running':
      return voting.endsAt;
    case 'closed':
    case 'expired':
      return null;
  }
};

/** When support is reached at `at`: the vote is announced, opens a day later and runs a week. */
export const scheduleVote = (at: Date): { startsAt: Date; endsAt: Date } => {
  const startsAt = new Date(at.getTime() + VOTING_UPCOMING_MS);
  return { startsAt, endsAt: new Date(startsAt.getTime() + VOTING_RUNNING_MS) };
};

/** One vote event of a holder, in the order they happened; `null` withdraws the holder's vote. */
export type VoteEvent = { holderId: string; choice: VotingChoice | null };

export type Tally = {
  /** Weight per option id (options with no votes are 0 when listed in `optionIds`). */
  options: Record<string, bigint>;
  againstAll: bigint;
  abstain: bigint;
  /** Approvals and against-all: the weight that decides (abstentions are not cast). */
  castWeight: bigint;
  voters: number;
};

/** The last choice of each holder: a changed vote replaces the earlier one, a withdrawal removes it. */
export const lastChoices = (events: readonly VoteEvent[]): Map<string, VotingChoice> => {
  const last = new Map<string, VotingChoice>();
  for (const event of events) {
    if (event.choice) last.set(event.holderId, event.choice);
    else last.delete(event.holderId);
  }
  return last;
};

/**
 * The tally from the weights snapshotted at the start of the vote (ADR 0027): each holder counts
 * once, with the snapshot weight, for the last choice. Holders without a snapshot weight (bought
 * during the vote) count nothing.
 */
export const tallyVotes = (
  optionIds: readonly string[],
  weights: ReadonlyMap<string, bigint>,
  choices: ReadonlyMap<string, VotingChoice>,
): Tally => {
  const options: Record<string, bigint> = Object.fromEntries(optionIds.map((id) => [id, 0n]));
  let againstAll = 0n;
  let abstain = 0n;
  let voters = 0;
  for (const [holderId, choice] of choices) {
    const weight = weights.get(holderId) ?? 0n;
    if (weight <= 0n) continue;
    voters += 1;
    switch (choice.kind) {
      case 'option':
        options[choice.optionId] = (options[choice.optionId] ?? 0n) + weight;
        break;
      case 'againstAll':
        againstAll += weight;
        break;
      case 'abstain':
        abstain += weight;
        break;
    }
  }
  const castWeight = Object.values(options).reduce((sum, w) => sum + w, againstAll);
  return { options, againstAll, abstain, castWeight, voters };
};

export type VotingResult = { outcome: VotingOutcome; winningOptionId: string | null };

/**
 * ADR 0027: an option is approved when it holds a simple majority of the cast weight (more than
 * half of approvals plus against-all; abstentions are not cast). Otherwise the voting is rejected:
 * no votes, a tie, against-all ahead, or no option above half.
 */
export const votingResult = (tally: Tally): VotingResult => {
  let best: { id: string; weight: bigint } | null = null;
  for (const [id, weight] of Object.entries(tally.options)) {
    if (!best || weight > best.weight) best = { id, weight };
  }
  if (best && tally.castWeight > 0n && best.weight * 2n > tally.castWeight) {
    return { outcome: 'approved', winningOptionId: best.id };
  }
  return { outcome: 'rejected', winningOptionId: null };
};

/** Which choices a phase accepts from a holder (spec section 4). */
export const acceptsSupport = (phase: VotingPhase): boolean => phase === 'suggestion';
export const acceptsVotes = (phase: VotingPhase): boolean => phase === 'running';
/** Options can be added while the voting is not yet running. */
export const acceptsOptions = (phase: VotingPhase): boolean => phase === 'suggestion' || phase === 'upcoming';
/** Tallies are shown once the vote runs (ADR 0027). */
export const talliesVisible = (phase: VotingPhase): boolean => phase === 'running' || phase === 'closed';

/** A message can be edited by its author within the edit window. */
export const messageEditable = (postedAt: Date, at: Date): boolean =>
  at.getTime() - postedAt.getTime() <= FORUM_MESSAGE_EDIT_WINDOW_MS;
