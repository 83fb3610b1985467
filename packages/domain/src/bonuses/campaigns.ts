import type { Cents } from '../money.js';

/**
 * Bonus campaigns besides referrals and codes (spec sections 1, 2 and 9; issue 25; ADR 0028): a
 * start bonus for a newly verified investor, an app-store rating bonus, and a birthday promotion
 * that pays by tiers of what an investor invested while it ran. Pure rules; the API applies them.
 */
export const CAMPAIGN_KINDS = ['startBonus', 'appStoreRating', 'birthday'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

/**
 * One band of a tiered promotion (ADR 0028 addendum): investing *up to* `investedCents` (and more
 * than the band below) earns `bonusCents`.
 */
export type BonusTier = { investedCents: Cents; bonusCents: Cents };

/**
 * The spec's birthday promotion (section 9), word for word: "100 EUR up to 1,000 invested, 550 up to
 * 5,000, 1,200 up to 10,000", valid until 19.12.2022. That date has passed: each campaign carries
 * its own validity period, set in the back office.
 */
export const BIRTHDAY_TIERS: readonly BonusTier[] = [
  { investedCents: 100_000n, bonusCents: 10_000n },
  { investedCents: 500_000n, bonusCents: 55_000n },
  { investedCents: 1_000_000n, bonusCents: 120_000n },
];

/** Why a tier table cannot be used, or null: thresholds and bonuses both strictly rising, all positive. */
export const tierTableProblem = (tiers: readonly BonusTier[]): string | null => {
  if (tiers.length === 0) return 'Mindestens eine Stufe ist nötig.';
  for (const [index, tier] of tiers.entries()) {
    if (tier.investedCents <= 0n || tier.bonusCents <= 0n) return 'Beträge müssen größer als 0 sein.';
    const previous = tiers[index - 1];
    if (previous && (tier.investedCents <= previous.investedCents || tier.bonusCents <= previous.bonusCents))
      return 'Stufen müssen nach Betrag und Bonus aufsteigen.';
  }
  return null;
};

/**
 * The band `investedCents` falls in, read as the spec words it ("up to"): the first band whose
 * upper limit is not below the amount; above the last band's limit the last band (the spec names
 * none higher); null when nothing was invested.
 */
export const reachedTier = (tiers: readonly BonusTier[], investedCents: Cents): BonusTier | null => {
  if (investedCents <= 0n) return null;
  return tiers.find((tier) => investedCents <= tier.investedCents) ?? tiers.at(-1) ?? null;
};

export type CampaignWindow = { validFrom: Date; validUntil: Date; disabledAt: Date | null };

export const isRunning = (campaign: CampaignWindow, now: Date): boolean =>
  campaign.disabledAt === null && campaign.validFrom <= now && now < campaign.validUntil;

export type GrantFacts = {
  campaign: CampaignWindow & { budgetCents: Cents | null; paidCents: Cents };
  amountCents: Cents;
  /** When the qualifying event happened (verification, rating, the end of the promotion). */
  at: Date;
  /** The investor may invest (verified or active). */
  investorVerified: boolean;
  /** The same person (payout IBAN, identity document, name and birth date) already got this campaign's bonus. */
  samePersonAlreadyPaid: boolean;
};

export type GrantDecision = { kind: 'grant'; amountCents: Cents } | { kind: 'refuse'; reason: GrantRefusal };
export type GrantRefusal = 'notRunning' | 'notVerified' | 'samePerson' | 'budgetSpent' | 'nothingEarned';

/**
 * Whether a start or app-rating bonus is granted: the campaign runs at the qualifying moment, the
 * investor is verified, the same person under another account did not get it, and the budget
 * covers it in full. The budget check here is advisory; the API takes the budget in one statement.
 */
export const decideGrant = (facts: GrantFacts): GrantDecision => {
  if (facts.amountCents <= 0n) return { kind: 'refuse', reason: 'nothingEarned' };
  if (!isRunning(facts.campaign, facts.at)) return { kind: 'refuse', reason: 'notRunning' };
  if (!facts.investorVerified) return { kind: 'refuse', reason: 'notVerified' };
  if (facts.samePersonAlreadyPaid) return { kind: 'refuse', reason: 'samePerson' };
  const { budgetCents, paidCents } = facts.campaign;
  if (budgetCents !== null && paidCents + facts.amountCents > budgetCents)
    return { kind: 'refuse', reason: 'budgetSpent' };
  return { kind: 'grant', amountCents: facts.amountCents };
};
