import type { SecurityType } from '../assets/enums.js';
import type { Cents } from '../money.js';
import { isAllowedDomicile } from '../onboarding/address.js';
import { isOfAgeOn } from '../onboarding/birth-date.js';
import type { TradeSide } from './fees.js';
import { ACCEPTED_20_PERCENT_DIFFERENCE, classifyPriceWarning, priceWarningSatisfied } from './price-warning.js';

/**
 * May this trade proceed? The rules the spec states for a buy (and the one it states for a sell),
 * in one place for every path that buys or sells: the purchase from the issuer, taking an offer,
 * placing an offer, a private trade, a reinvestment, and any later savings plan (issue 35, ADR
 * 0040). Pure: the API gathers the facts (`trade-rules` module), these functions decide.
 */

/** Spec section 3, "Accepted warnings". */
export const acceptedWarnings = ['Accepted5KLimit', ACCEPTED_20_PERCENT_DIFFERENCE] as const;
export type AcceptedWarning = (typeof acceptedWarnings)[number];

/** Purchases over EUR 5,000 need `Accepted5KLimit` (spec sections 5 and 9). */
export const FIVE_K_LIMIT_CENTS: Cents = 500_000n;

/** Spec enumeration "Knowledge-and-experience rating". */
export type AppropriatenessRating = 'NotProvided' | 'NoInformation' | 'Appropriate' | 'NotAppropriate';

/** Only `verified` and `active` users invest or trade (spec sections 4, 5 and 6). */
export const INVESTING_USER_STATUSES: ReadonlySet<string> = new Set(['verified', 'active']);

/** What a rule looks at: the person, the asset and the deal as the caller asks for it. */
export type TradeFacts = {
  side: TradeSide;
  /** The calendar day of the trade on the platform's calendar (YYYY-MM-DD, Europe/Vienna). */
  today: string;
  user: {
    status: string;
    /** Country of residence (ISO alpha-2), null when never given. */
    domicile: string | null;
    /** YYYY-MM-DD, null when never given. */
    birthDate: string | null;
    /** Countries the user has a tax ID for (ISO alpha-2). */
    taxIdCountries: readonly string[];
    hasChurchTaxAnswer: boolean;
  };
  asset: {
    securityType: SecurityType;
    /** Where the object is: a German product is one located in Germany. */
    countryCode: string;
    /** The issuer's (SPV's) country. */
    issuerCountryCode: string;
  };
  /** Shares times price: what the 5,000 € limit counts (fee and bonus left out). */
  amountCents: Cents;
  priceCents: Cents;
  /** The 30-day volume-weighted average price; null when there is no market price to deviate from. */
  averagePriceCents: Cents | null;
  acceptedWarnings: readonly string[];
  appropriateness: AppropriatenessRating;
  acknowledgedAppropriateness: boolean;
};

/** Every refusal of the trade rules: the primary market's codes and messages (spec section 8 texts). */
export type TradeRefusal =
  | 'INVESTMENT_NOT_VERIFIED'
  | 'OFFER_USER_NOT_VERIFIED'
  | 'INVESTMENT_PERSONAL_DATA_REQUIRED'
  | 'INVESTMENT_RESIDENCE_NOT_ALLOWED'
  | 'INVESTMENT_UNDERAGE'
  | 'INVESTMENT_GERMAN_TAX_ID_REQUIRED'
  | 'INVESTMENT_CHURCH_TAX_ANSWER_REQUIRED'
  | 'INVESTMENT_AUSTRIAN_TAX_ID_REQUIRED'
  | 'OFFER_PRICE_WARNING_NOT_ACCEPTED'
  | 'INVESTMENT_5K_CONFIRMATION_REQUIRED'
  | 'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED';

export type TradeRuleName =
  | 'verified'
  | 'personalData'
  | 'residence'
  | 'age'
  | 'taxId'
  | 'priceDeviation'
  | 'fiveK'
  | 'appropriateness';

export type TradeRule = {
  readonly name: TradeRuleName;
  /** The sides the spec states the rule for. */
  readonly sides: readonly TradeSide[];
  readonly refusal: (facts: TradeFacts) => TradeRefusal | null;
};

/**
 * Spec section 5, tax requirements (never on sells: "except on sells"):
 * - a German product (the object is in Germany) needs a German tax ID and the church-tax answer;
 * - an Austrian participation-right-equity asset whose issuer is in Austria needs an Austrian tax ID;
 * - a buy where the issuer and the user's domicile are both in Germany needs a German tax ID.
 */
export const taxRefusal = (facts: Pick<TradeFacts, 'asset' | 'user'>): TradeRefusal | null => {
  const { asset, user } = facts;
  const hasTaxId = (country: string) => user.taxIdCountries.includes(country);
  if (asset.countryCode === 'DE') {
    if (!hasTaxId('DE')) return 'INVESTMENT_GERMAN_TAX_ID_REQUIRED';
    if (!user.hasChurchTaxAnswer) return 'INVESTMENT_CHURCH_TAX_ANSWER_REQUIRED';
  }
  if (
    asset.countryCode === 'AT' &&
    asset.securityType === 'participationRightEquity' &&
    asset.issuerCountryCode === 'AT' &&
    !hasTaxId('AT')
  )
    return 'INVESTMENT_AUSTRIAN_TAX_ID_REQUIRED';
  if (asset.issuerCountryCode === 'DE' && user.domicile === 'DE' && !hasTaxId('DE'))
    return 'INVESTMENT_GERMAN_TAX_ID_REQUIRED';
  return null;
};

/**
 * The rules in the order they are asked; the first that refuses is the answer. The person first
 * (verified, personal data, residence, age), then the product (tax IDs), then the deal (price
 * deviation, 5,000 €, appropriateness).
 */
export const tradeRules: readonly TradeRule[] = [
  {
    name: 'verified',
    sides: ['buy', 'sell'],
    refusal: (facts) =>
      INVESTING_USER_STATUSES.has(facts.user.status)
        ? null
        : facts.side === 'buy'
          ? 'INVESTMENT_NOT_VERIFIED'
          : 'OFFER_USER_NOT_VERIFIED',
  },
  {
    // Residence and age are read from the personal data; without them neither can be answered.
    name: 'personalData',
    sides: ['buy'],
    refusal: ({ user }) => (user.domicile && user.birthDate ? null : 'INVESTMENT_PERSONAL_DATA_REQUIRED'),
  },
  {
    // Spec section 5: only persons resident in Austria; one who moved away may still sell.
    name: 'residence',
    sides: ['buy'],
    refusal: ({ user }) =>
      user.domicile && !isAllowedDomicile(user.domicile) ? 'INVESTMENT_RESIDENCE_NOT_ALLOWED' : null,
  },
  {
    // Spec sections 5 and 9: over 18, counted on the day of the buy.
    name: 'age',
    sides: ['buy'],
    refusal: ({ user, today }) => (user.birthDate && !isOfAgeOn(user.birthDate, today) ? 'INVESTMENT_UNDERAGE' : null),
  },
  { name: 'taxId', sides: ['buy'], refusal: taxRefusal },
  {
    // Spec section 5: more than 20 % off the 30-day average needs Accepted20PercentDifference, "for buy and sell".
    name: 'priceDeviation',
    sides: ['buy', 'sell'],
    refusal: (facts) =>
      priceWarningSatisfied(classifyPriceWarning(facts.priceCents, facts.averagePriceCents), facts.acceptedWarnings)
        ? null
        : 'OFFER_PRICE_WARNING_NOT_ACCEPTED',
  },
  {
    // Spec sections 5 and 9: purchases over EUR 5,000.
    name: 'fiveK',
    sides: ['buy'],
    refusal: (facts) =>
      facts.amountCents > FIVE_K_LIMIT_CENTS && !facts.acceptedWarnings.includes('Accepted5KLimit')
        ? 'INVESTMENT_5K_CONFIRMATION_REQUIRED'
        : null,
  },
  {
    // Spec section 5: a mismatch shows the warning; 'Continue purchase' acknowledges it.
    name: 'appropriateness',
    sides: ['buy'],
    refusal: (facts) =>
      facts.appropriateness !== 'Appropriate' && !facts.acknowledgedAppropriateness
        ? 'INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED'
        : null,
  },
];

/** The first rule for the trade's side that refuses, or null: the trade may proceed. */
export const tradeRefusal = (facts: TradeFacts): TradeRefusal | null => {
  for (const rule of tradeRules) {
    if (!rule.sides.includes(facts.side)) continue;
    const refusal = rule.refusal(facts);
    if (refusal) return refusal;
  }
  return null;
};
