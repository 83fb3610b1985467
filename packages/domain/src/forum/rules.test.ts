import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  duePhaseChange,
  financingThresholdShares,
  lastChoices,
  nextPhaseDueAt,
  scheduleVote,
  supportFactsOf,
  supportReached,
  tallyVotes,
  VOTING_SUPPORT_MIN_SUPPORTERS,
  type VoteEvent,
  type VotingChoice,
  votingResult,
  votingSharesOf,
} from './rules.js';

const suggestedAt = new Date('2026-11-20T10:00:00.000Z');
const after = (hours: number, minutes = 0) => new Date(suggestedAt.getTime() + (hours * 60 + minutes) * 60_000);

describe('supportReached: spec section 5, at its edges', () => {
  it.each([
    // shares of 10 000 voting shares, investors of 100, time after the suggestion
    ['10 % of shares and 10 % of investors at 47:59', 1_000n, 10, after(47, 59), true],
    ['9.99 % of shares', 999n, 10, after(1), false],
    ['10 % of shares, 9 % of investors', 1_000n, 9, after(1), false],
    ['100 % of shares, 9 % of investors', 10_000n, 9, after(1), false],
    ['9.99 % of shares, 100 % of investors', 999n, 100, after(1), false],
    ['both well above at 48:01 (too late)', 5_000n, 50, after(48, 1), false],
    ['exactly at 48:00 still counts', 1_000n, 10, after(48), true],
    ['right after suggesting', 1_000n, 10, after(0), true],
  ])('%s', (_label, supportingShares, investorsSupporting, at, expected) => {
    expect(
      supportReached({ supportingShares, votingShares: 10_000n, investorsSupporting, investors: 100, suggestedAt, at }),
    ).toBe(expected);
  });

  it.each([
    ['9.99 % of investors (999 of 10 000)', 999, 10_000, false],
    ['10 % of investors (1 000 of 10 000)', 1_000, 10_000, true],
    ['10 % of investors with an odd total (1 000 of 9 999)', 1_000, 9_999, true],
    ['9.99 % of investors with an odd total (999 of 9 999)', 999, 9_999, false],
  ])('%s, with 10 % of the shares', (_label, investorsSupporting, investors, expected) => {
    expect(
      supportReached({
        supportingShares: 1_000n,
        votingShares: 10_000n,
        investorsSupporting,
        investors,
        suggestedAt,
        at: after(1),
      }),
    ).toBe(expected);
  });

  it('9.99 % vs 10 % with odd totals: 999 of 10 000 fails, 1 000 of 9 999 passes', () => {
    const base = { investorsSupporting: 3, investors: 30, suggestedAt, at: after(1) };
    expect(supportReached({ ...base, supportingShares: 999n, votingShares: 10_000n })).toBe(false);
    expect(supportReached({ ...base, supportingShares: 1_000n, votingShares: 9_999n })).toBe(true);
  });

  it('no holders means no support', () => {
    expect(
      supportReached({
        supportingShares: 0n,
        votingShares: 0n,
        investorsSupporting: 0,
        investors: 0,
        suggestedAt,
        at: after(1),
      }),
    ).toBe(false);
  });
});

describe('voting shares of a thinly held asset (ADR 0027 addendum, issue 35)', () => {
  // The forum tests' asset: 1 000 000 shares at 1 €, financing threshold 500 000 € → 500 000 shares.
  const asset = { fundingThresholdCents: 50_000_000n, pricePerShareCents: 100n, totalShares: 1_000_000 };
  const threshold = financingThresholdShares(asset);
  const holders = (...shares: number[]) => new Map(shares.map((n, i) => [`u${i}`, BigInt(n)]));
  const reached = (held: Map<string, bigint>, supporters: string[], thresholdShares = threshold) =>
    supportReached({ ...supportFactsOf(held, supporters, thresholdShares), suggestedAt, at: after(1) });

  it('the threshold in shares is rounded up and at most all shares', () => {
    expect(threshold).toBe(500_000n);
    expect(financingThresholdShares({ ...asset, fundingThresholdCents: 50_000_001n })).toBe(500_001n);
    expect(financingThresholdShares({ ...asset, fundingThresholdCents: 999_999_999n })).toBe(1_000_000n);
    expect(financingThresholdShares({ ...asset, pricePerShareCents: 0n })).toBe(0n);
  });

  it.each([
    ['held below the threshold: the threshold counts', 1_000n, 500_000n, 500_000n],
    ['held above the threshold: the held shares count', 600_000n, 500_000n, 600_000n],
    ['held equal to the threshold', 500_000n, 500_000n, 500_000n],
    ['no threshold: the held shares', 1_000n, 0n, 1_000n],
  ])('%s', (_label, held, thresholdShares, expected) => {
    expect(votingSharesOf(held, thresholdShares)).toBe(expected);
  });

  it.each([
    // [label, holdings, supporters (indexes), reached]
    ['one small holder alone on a thin asset (the defect)', [600, 250, 150], [0], false],
    ['all ~1 000 held shares on a 500 000-share threshold', [600, 250, 150], [0, 1, 2], false],
    ['three holders with 10 % of the threshold', [30_000, 15_000, 5_000], [0, 1, 2], true],
    ['three holders with 1 share less than 10 % of the threshold', [30_000, 15_000, 4_999], [0, 1, 2], false],
    ['two holders with 100 % of the held shares above the threshold', [400_000, 300_000], [0, 1], false],
    ['three of three holders above the threshold', [400_000, 300_000, 100], [0, 1, 2], true],
    ['a supporter listed twice counts once', [60_000, 1, 1], [0, 0, 0], false],
    ['a supporter who sold everything counts nothing', [60_000, 0, 1, 1], [0, 1, 2], false],
  ])('%s', (_label, shares, supporters, expected) => {
    expect(
      reached(
        holders(...shares),
        supporters.map((i) => `u${i}`),
      ),
    ).toBe(expected);
  });

  it('needed shares and supporters follow the same rule', () => {
    const facts = supportFactsOf(holders(600, 250, 150), ['u0'], threshold);
    expect(facts).toMatchObject({
      heldShares: 1_000n,
      votingShares: 500_000n,
      sharesNeeded: 50_000n,
      investors: 3,
      investorsNeeded: VOTING_SUPPORT_MIN_SUPPORTERS,
    });
    const many = supportFactsOf(new Map(Array.from({ length: 95 }, (_, i) => [`u${i}`, 10_000n])), [], threshold);
    expect(many.investorsNeeded).toBe(10);
    expect(many.votingShares).toBe(950_000n);
    expect(many.sharesNeeded).toBe(95_000n);
  });

  it('property: reached exactly when the needed shares and supporters are met', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 200_000 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 29 })),
        fc.integer({ min: 0, max: 600_000 }),
        (shares, picks, thresholdShares) => {
          const held = holders(...shares);
          const supporters = picks.filter((i) => i < shares.length).map((i) => `u${i}`);
          const facts = supportFactsOf(held, supporters, BigInt(thresholdShares));
          const expected =
            facts.supportingShares >= facts.sharesNeeded &&
            facts.investorsSupporting >= facts.investorsNeeded &&
            facts.votingShares > 0n;
          expect(reached(held, supporters, BigInt(thresholdShares))).toBe(expected);
        },
      ),
    );
  });
});

describe('phases: suggestion → upcoming → running → closed, or expired', () => {
  const { startsAt, endsAt } = scheduleVote(after(10));

  it.each([
    [
      'a suggestion at 47:59 stays',
      { phase: 'suggestion' as const, startsAt: null, endsAt: null },
      after(47, 59),
      null,
    ],
    [
      'a suggestion at 48:01 expires',
      { phase: 'suggestion' as const, startsAt: null, endsAt: null },
      after(48, 1),
      'expired',
    ],
    ['upcoming before its start', { phase: 'upcoming' as const, startsAt, endsAt }, after(33, 59), null],
    ['upcoming at its start runs', { phase: 'upcoming' as const, startsAt, endsAt }, startsAt, 'running'],
    ['running before its end', { phase: 'running' as const, startsAt, endsAt }, new Date(endsAt.getTime() - 1), null],
    ['running at its end closes', { phase: 'running' as const, startsAt, endsAt }, endsAt, 'closed'],
    ['closed is final', { phase: 'closed' as const, startsAt, endsAt }, after(10_000), null],
    ['expired is final', { phase: 'expired' as const, startsAt: null, endsAt: null }, after(10_000), null],
  ])('%s', (_label, clock, at, expected) => {
    expect(duePhaseChange({ ...clock, suggestedAt }, at)).toBe(expected);
  });

  it('the vote opens 24 h after support and runs 7 days; the job looks again exactly then', () => {
    expect(startsAt.toISOString()).toBe('2026-11-21T20:00:00.000Z');
    expect(endsAt.toISOString()).toBe('2026-11-28T20:00:00.000Z');
    expect(nextPhaseDueAt({ phase: 'upcoming', suggestedAt, startsAt, endsAt })).toEqual(startsAt);
    expect(nextPhaseDueAt({ phase: 'running', suggestedAt, startsAt, endsAt })).toEqual(endsAt);
    expect(nextPhaseDueAt({ phase: 'closed', suggestedAt, startsAt, endsAt })).toBeNull();
    expect(nextPhaseDueAt({ phase: 'suggestion', suggestedAt, startsAt: null, endsAt: null })?.getTime()).toBe(
      after(48).getTime() + 1,
    );
  });
});

describe('choices and the outcome (ADR 0027: simple majority of cast weight)', () => {
  const weights = new Map([
    ['a', 60n],
    ['b', 30n],
    ['c', 10n],
  ]);
  const option = (optionId: string): VotingChoice => ({ kind: 'option', optionId });

  it.each([
    ['one option, majority', [['a', option('x')]], 'approved', 'x'],
    [
      'approve vs against all, approval ahead',
      [
        ['a', option('x')],
        ['b', { kind: 'againstAll' }],
      ],
      'approved',
      'x',
    ],
    [
      'against all ahead',
      [
        ['a', { kind: 'againstAll' }],
        ['b', option('x')],
      ],
      'rejected',
      null,
    ],
    [
      'abstention does not count as cast',
      [
        ['a', { kind: 'abstain' }],
        ['b', option('x')],
      ],
      'approved',
      'x',
    ],
    ['only abstentions', [['a', { kind: 'abstain' }]], 'rejected', null],
    ['no votes', [], 'rejected', null],
    [
      'largest option above half of the cast weight',
      [
        ['a', option('x')],
        ['b', option('y')],
        ['c', { kind: 'againstAll' }],
      ],
      'approved',
      'x',
    ],
    [
      'no option above half',
      [
        ['b', option('x')],
        ['c', option('y')],
        ['a2', { kind: 'againstAll' }],
      ],
      'rejected',
      null,
    ],
    [
      'tie 30 vs 30',
      [
        ['b', option('x')],
        ['a2', option('y')],
      ],
      'rejected',
      null,
    ],
  ] as [string, [string, VotingChoice][], string, string | null][])('%s', (_label, votes, outcome, winner) => {
    const w = new Map([...weights, ['a2', 30n]]);
    const result = votingResult(tallyVotes(['x', 'y'], w, new Map(votes)));
    expect(result).toEqual({ outcome, winningOptionId: winner });
  });

  it('50 of 100 cast is not a majority, 51 is', () => {
    const w = new Map([
      ['p', 50n],
      ['q', 50n],
      ['r', 51n],
      ['s', 49n],
    ]);
    expect(
      votingResult(
        tallyVotes(
          ['x'],
          w,
          new Map<string, VotingChoice>([
            ['p', option('x')],
            ['q', { kind: 'againstAll' }],
          ]),
        ),
      ).outcome,
    ).toBe('rejected');
    expect(
      votingResult(
        tallyVotes(
          ['x'],
          w,
          new Map<string, VotingChoice>([
            ['r', option('x')],
            ['s', { kind: 'againstAll' }],
          ]),
        ),
      ).outcome,
    ).toBe('approved');
  });

  it('a changed vote replaces the earlier one; a withdrawal removes it', () => {
    const events: VoteEvent[] = [
      { holderId: 'a', choice: option('x') },
      { holderId: 'a', choice: { kind: 'againstAll' } },
      { holderId: 'b', choice: option('y') },
      { holderId: 'b', choice: null },
    ];
    const tally = tallyVotes(['x', 'y'], weights, lastChoices(events));
    expect(tally).toEqual({ options: { x: 0n, y: 0n }, againstAll: 60n, abstain: 0n, castWeight: 60n, voters: 1 });
  });
});

describe('property: the tally equals the snapshot weights of each holder’s last vote', () => {
  const choiceArb = (optionIds: string[]) =>
    fc.oneof(
      fc.constantFrom(...optionIds).map((optionId): VotingChoice => ({ kind: 'option', optionId })),
      fc.constant<VotingChoice>({ kind: 'againstAll' }),
      fc.constant<VotingChoice>({ kind: 'abstain' }),
    );

  it('random holders, trades during the vote, changed and withdrawn votes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }).chain((optionCount) => {
          const optionIds = Array.from({ length: optionCount }, (_, i) => `o${i}`);
          return fc.record({
            optionIds: fc.constant(optionIds),
            // shares each holder held at the start of the vote
            snapshot: fc.array(fc.bigInt({ min: 1n, max: 1_000_000n }), { minLength: 1, maxLength: 30 }),
            // trades during the vote: [from, to, shares] and newcomers who bought only after the start
            trades: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.bigInt({ min: 1n, max: 1_000_000n })), { maxLength: 40 }),
            newcomers: fc.integer({ min: 0, max: 5 }),
            events: fc.array(fc.tuple(fc.nat(), fc.option(choiceArb(optionIds), { nil: null })), { maxLength: 120 }),
          });
        }),
        ({ optionIds, snapshot, trades, newcomers, events }) => {
          const holders = snapshot.map((_, i) => `h${i}`);
          const everyone = [...holders, ...Array.from({ length: newcomers }, (_, i) => `n${i}`)];
          const weights = new Map(holders.map((id, i) => [id, snapshot[i] as bigint]));
          // Live holdings move with the trades; the snapshot must not.
          const live = new Map(everyone.map((id) => [id, weights.get(id) ?? 0n]));
          for (const [from, to, shares] of trades) {
            const seller = everyone[from % everyone.length] as string;
            const buyer = everyone[to % everyone.length] as string;
            const moved = shares < (live.get(seller) ?? 0n) ? shares : (live.get(seller) ?? 0n);
            live.set(seller, (live.get(seller) ?? 0n) - moved);
            live.set(buyer, (live.get(buyer) ?? 0n) + moved);
          }
          const voteEvents: VoteEvent[] = events.map(([who, choice]) => ({
            holderId: everyone[who % everyone.length] as string,
            choice,
          }));
          const tally = tallyVotes(optionIds, weights, lastChoices(voteEvents));

          // Reference: walk the events backwards; the first event per holder is the last vote.
          const expected = {
            options: Object.fromEntries(optionIds.map((id) => [id, 0n])),
            againstAll: 0n,
            abstain: 0n,
          };
          const seen = new Set<string>();
          for (const event of [...voteEvents].reverse()) {
            if (seen.has(event.holderId)) continue;
            seen.add(event.holderId);
            const weight = weights.get(event.holderId) ?? 0n;
            if (!event.choice || weight === 0n) continue;
            if (event.choice.kind === 'option')
              expected.options[event.choice.optionId] = (expected.options[event.choice.optionId] ?? 0n) + weight;
            else if (event.choice.kind === 'againstAll') expected.againstAll += weight;
            else expected.abstain += weight;
          }
          expect(tally.options).toEqual(expected.options);
          expect(tally.againstAll).toBe(expected.againstAll);
          expect(tally.abstain).toBe(expected.abstain);
          // Nobody counts more than once, and never more than all snapshot weight.
          const total = [...weights.values()].reduce((a, b) => a + b, 0n);
          expect(tally.castWeight + tally.abstain <= total).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
