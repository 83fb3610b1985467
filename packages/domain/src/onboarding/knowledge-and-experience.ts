import type { SecurityType } from '../assets/enums.js';
import { securityTypes } from '../assets/enums.js';

/**
 * Spec sections 3 ("Knowledge-and-experience answer sets"), 4 ("Knowledge and experience") and
 * 5 (appropriateness): the questionnaire's answer sets with the values stored for them, the
 * validation of a submitted questionnaire (old and new flow) and the appropriateness rating per
 * security type. Every list is a readonly tuple so contracts (zod enums) and the database share
 * one source.
 */

/** Spec section 3, Products. */
export const kaeProducts = [
  'savingsAccount',
  'bonds',
  'stocksAndFunds',
  'certificates',
  'kgParticipationBuilderModel',
  'optionsAndFutures',
  'participationCertificates',
  'digitalSecurities',
] as const;
export type KaeProduct = (typeof kaeProducts)[number];

/**
 * Spec section 3, Experience duration: none, up to 3 years, 3 to 5, over 5 — stored as
 * "noExperience, lower than 3, 3 to 5, greater than 5", written here as identifiers.
 */
export const experienceDurations = ['noExperience', 'lowerThan3', '3to5', 'greaterThan5'] as const;
export type ExperienceDuration = (typeof experienceDurations)[number];

/** Spec section 3, Services experience: for self-directed, advised and asset management. */
export const investmentServices = ['selfDirected', 'advised', 'assetManagement'] as const;
export type InvestmentService = (typeof investmentServices)[number];

/** Spec section 3, Transactions per year: none, up to 5, up to 10, more than 10 (stored 0, 5, 10, 11). */
export const transactionsPerYearValues = [0, 5, 10, 11] as const;
export type TransactionsPerYear = (typeof transactionsPerYearValues)[number];

/**
 * Spec section 3, Average amount per transaction: 0-3,000; 3,001-5,000; 5,001-10,000; over
 * 10,000 EUR, stored 3000, 5000, 10000, 10001. These are answer codes (a bucket's upper bound in
 * whole euros), not amounts of money: nothing is ever computed with them.
 */
export const averageAmountPerTransactionValues = [3000, 5000, 10000, 10001] as const;
export type AverageAmountPerTransaction = (typeof averageAmountPerTransactionValues)[number];

/** Spec section 3, Questionnaire sections of the new flow, in their order (spec section 4). */
export const questionnaireSections = ['BasicQuestions', 'RiskAppetite', 'InvestHorizon', 'InvestmentCapital'] as const;
export type QuestionnaireSection = (typeof questionnaireSections)[number];

/** Spec section 3, Risk appetite: five levels from low to highly speculative. */
export const riskAppetites = ['low', 'moderate', 'medium', 'high', 'highlySpeculative'] as const;
export type RiskAppetite = (typeof riskAppetites)[number];

/** Spec section 3, Investment horizon: short 1-4 years, medium 6-19, long 20 and over; shown without gaps (issue 20): up to 4, 5 to 19, 20 and over. */
export const investHorizons = ['short', 'medium', 'long'] as const;
export type InvestHorizon = (typeof investHorizons)[number];

/**
 * Spec section 3, "Available investment capital" (the spec gives no buckets): up to 10,000;
 * 10,001-50,000; 50,001-100,000; over 100,000 EUR, stored like the average amount as the
 * bucket's upper bound in whole euros (10000, 50000, 100000, 100001). Answer codes, not money.
 */
export const investmentCapitalValues = [10000, 50000, 100000, 100001] as const;
export type InvestmentCapital = (typeof investmentCapitalValues)[number];

/** Spec section 3, Knowledge-and-experience rating. */
export const kaeRatings = ['NotProvided', 'NoInformation', 'Appropriate', 'NotAppropriate'] as const;
export type KaeRating = (typeof kaeRatings)[number];

/** Old flow (spec section 4): info, financial products, specific products, investment services, transaction count, investment per transaction. */
export type OldFlowAnswers = {
  readonly flow: 'old';
  /** Financial products: the products the user knows (may be empty: "none of them"). */
  readonly financialProducts: KaeProduct[];
  /** Specific products: how long the user has invested in each known product. */
  readonly specificProducts: Readonly<Partial<Record<KaeProduct, ExperienceDuration>>>;
  /** Investment services: experience with each of the three services. */
  readonly investmentServices: Readonly<Record<InvestmentService, ExperienceDuration>>;
  readonly transactionCount: TransactionsPerYear;
  /** Null exactly when the transaction count is 0 (no transactions, no average). */
  readonly investmentPerTransaction: AverageAmountPerTransaction | null;
};

/** New flow (spec section 4): info, basic questions, risk appetite, invest horizon, investment capital. */
export type NewFlowAnswers = {
  readonly flow: 'new';
  readonly basicQuestions: {
    /** The products the user knows and understands (may be empty). */
    readonly knownProducts: KaeProduct[];
    /** How long the user has invested in securities at all. */
    readonly experienceDuration: ExperienceDuration;
    readonly transactionsPerYear: TransactionsPerYear;
  };
  readonly riskAppetite: RiskAppetite;
  readonly investHorizon: InvestHorizon;
  readonly investmentCapital: InvestmentCapital;
};

export type KaeAnswers = OldFlowAnswers | NewFlowAnswers;

/** Why a submitted questionnaire is refused; `field` names the answer (dot path). */
export type KaeProblem =
  | { readonly reason: 'missing'; readonly field: string }
  | { readonly reason: 'experienceWithoutKnowledge'; readonly field: string }
  | { readonly reason: 'amountWithoutTransactions'; readonly field: string };

const includes = <T>(list: readonly T[], value: unknown): value is T => list.includes(value as T);

const validateOldFlow = (answers: OldFlowAnswers): KaeProblem[] => {
  const problems: KaeProblem[] = [];
  // Experience is asked per known product: one duration each, none for a product not known.
  for (const product of answers.financialProducts) {
    if (!includes(experienceDurations, answers.specificProducts[product])) {
      problems.push({ reason: 'missing', field: `specificProducts.${product}` });
    }
  }
  for (const product of Object.keys(answers.specificProducts)) {
    if (!answers.financialProducts.includes(product as KaeProduct)) {
      problems.push({ reason: 'experienceWithoutKnowledge', field: `specificProducts.${product}` });
    }
  }
  for (const service of investmentServices) {
    if (!includes(experienceDurations, answers.investmentServices[service])) {
      problems.push({ reason: 'missing', field: `investmentServices.${service}` });
    }
  }
  if (answers.transactionCount === 0 && answers.investmentPerTransaction !== null) {
    problems.push({ reason: 'amountWithoutTransactions', field: 'investmentPerTransaction' });
  }
  if (answers.transactionCount !== 0 && answers.investmentPerTransaction === null) {
    problems.push({ reason: 'missing', field: 'investmentPerTransaction' });
  }
  return problems;
};

/**
 * The cross-answer rules a schema cannot state (spec section 4). The shape (allowed values,
 * required keys) is the contract's job; this is what is left. An empty list means valid.
 */
export const validateKaeAnswers = (answers: KaeAnswers): KaeProblem[] => {
  switch (answers.flow) {
    case 'old':
      return validateOldFlow(answers);
    case 'new':
      // Every section is a single required choice; the contract's enums already decide them.
      return [];
  }
};

/**
 * The comparable products of each security type: knowing or having invested in one of them makes
 * a product of that type appropriate (spec section 5, appropriateness check).
 * - Participation rights (equity, debt capital, partial sale) are profit-participation
 *   certificates ("Genussrechte"), issued here as digital securities.
 * - The builder-owner model and limited-partnership (KG) shares are company participations like
 *   the KG builder model; the builder-owner participation right is also a participation certificate.
 * - An atypical silent partnership is a company participation too (KG builder model) and pays out
 *   like a participation certificate.
 * - A purchase with management outsourcing is comparable to any of the three.
 */
export const comparableProducts: Readonly<Record<SecurityType, readonly KaeProduct[]>> = {
  participationRightEquity: ['participationCertificates', 'digitalSecurities'],
  participationRightEquityBuilderOwner: ['participationCertificates', 'kgParticipationBuilderModel'],
  participationRightDebtCapital: ['participationCertificates', 'digitalSecurities'],
  participationRightDebtCapitalPartialSale: ['participationCertificates', 'digitalSecurities'],
  participationKG: ['kgParticipationBuilderModel'],
  participationAtypicalSilent: ['kgParticipationBuilderModel', 'participationCertificates'],
  purchaseWithManagementOutsourcing: ['participationCertificates', 'kgParticipationBuilderModel', 'digitalSecurities'],
};

/** The products the answers show knowledge of or experience with (experience beyond "none"). */
export const productsKnownOrExperienced = (answers: KaeAnswers): ReadonlySet<KaeProduct> => {
  switch (answers.flow) {
    case 'old': {
      const experienced = Object.entries(answers.specificProducts)
        .filter(([, duration]) => duration !== undefined && duration !== 'noExperience')
        .map(([product]) => product as KaeProduct);
      return new Set([...answers.financialProducts, ...experienced]);
    }
    case 'new':
      return new Set(answers.basicQuestions.knownProducts);
  }
};

/** What is stored for a user: nothing yet, the skip (with its confirmation), or answers. */
export type KaeRecord =
  | { readonly kind: 'none' }
  | { readonly kind: 'skipped' }
  | { readonly kind: 'answered'; readonly answers: KaeAnswers };

/**
 * The appropriateness rating of one security type (spec sections 3 and 5):
 * - NotProvided: the user skipped the questionnaire and confirmed that the check is not possible;
 * - NoInformation: the user has not answered (nor skipped) it;
 * - Appropriate: the user knows, or has invested in, a comparable product of the security type
 *   (see `comparableProducts`);
 * - NotAppropriate: otherwise.
 * Only knowledge and experience decide (the appropriateness check of the investment-services
 * rules); risk appetite, horizon and capital are recorded but do not change the rating.
 */
export const rateAppropriateness = (record: KaeRecord, securityType: SecurityType): KaeRating => {
  switch (record.kind) {
    case 'none':
      return 'NoInformation';
    case 'skipped':
      return 'NotProvided';
    case 'answered': {
      const known = productsKnownOrExperienced(record.answers);
      return comparableProducts[securityType].some((product) => known.has(product)) ? 'Appropriate' : 'NotAppropriate';
    }
  }
};

/** The boundary: the rating of every security type for these answers. */
export type KaeBoundary = Readonly<Record<SecurityType, 'Appropriate' | 'NotAppropriate'>>;

export const appropriatenessBoundary = (answers: KaeAnswers): KaeBoundary =>
  Object.fromEntries(
    securityTypes.map((type) => [type, rateAppropriateness({ kind: 'answered', answers }, type)]),
  ) as KaeBoundary;

/**
 * The overall status shown as `complianceInformation.knowledgeAndExperienceStatus`: NotProvided,
 * NoInformation, Appropriate when every security type is appropriate, else NotAppropriate (the
 * boundary then tells which types are).
 */
export const overallKaeStatus = (record: KaeRecord): KaeRating => {
  if (record.kind !== 'answered') return rateAppropriateness(record, securityTypes[0]);
  const boundary = appropriatenessBoundary(record.answers);
  return securityTypes.every((type) => boundary[type] === 'Appropriate') ? 'Appropriate' : 'NotAppropriate';
};
