import {
  averageAmountPerTransactionValues,
  experienceDurations,
  investHorizons,
  investmentCapitalValues,
  kaeProducts,
  kaeRatings,
  riskAppetites,
  securityTypes,
  transactionsPerYearValues,
} from '@bw/domain';
import { z } from 'zod';

/**
 * Spec sections 3, 4 and 7: `POST`/`PUT /api/v1/user/knowledgeAndExperience` (answers of the old
 * or the new flow) and `POST`/`PUT /api/v1/user/noKnowledgeAndExperience` (the skip). POST writes
 * the first answers or skip; PUT replaces them. The shape is checked here; the cross-answer rules
 * (`validateKaeAnswers` in @bw/domain) on the server.
 */
const ANSWER_REQUIRED = 'Bitte wähle eine Antwort.';

const product = z.enum(kaeProducts, { error: ANSWER_REQUIRED });
const duration = z.enum(experienceDurations, { error: ANSWER_REQUIRED });
const transactionsPerYear = z.literal(transactionsPerYearValues, { error: ANSWER_REQUIRED });
const averageAmount = z.literal(averageAmountPerTransactionValues, { error: ANSWER_REQUIRED });
const productList = z
  .array(product)
  .max(kaeProducts.length)
  .refine((list) => new Set(list).size === list.length, 'Jedes Produkt nur einmal.');

export const oldFlowAnswersBody = z.strictObject({
  flow: z.literal('old'),
  financialProducts: productList,
  specificProducts: z.partialRecord(product, duration),
  investmentServices: z.strictObject({ selfDirected: duration, advised: duration, assetManagement: duration }),
  transactionCount: transactionsPerYear,
  investmentPerTransaction: averageAmount.nullable(),
});

export const newFlowAnswersBody = z.strictObject({
  flow: z.literal('new'),
  basicQuestions: z.strictObject({
    knownProducts: productList,
    experienceDuration: duration,
    transactionsPerYear,
  }),
  riskAppetite: z.enum(riskAppetites, { error: ANSWER_REQUIRED }),
  investHorizon: z.enum(investHorizons, { error: ANSWER_REQUIRED }),
  investmentCapital: z.literal(investmentCapitalValues, { error: ANSWER_REQUIRED }),
});

export const knowledgeAndExperienceBody = z.discriminatedUnion('flow', [oldFlowAnswersBody, newFlowAnswersBody], {
  error: 'Bitte wähle den Fragebogen (flow: old oder new).',
});
export type KnowledgeAndExperienceBody = z.infer<typeof knowledgeAndExperienceBody>;

/** The skip needs the explicit confirmation that the appropriateness check is then not possible (spec section 4). */
export const noKnowledgeAndExperienceBody = z.strictObject({ confirmNoAppropriatenessCheck: z.boolean() });
export type NoKnowledgeAndExperienceBody = z.infer<typeof noKnowledgeAndExperienceBody>;

export const kaeRating = z.enum(kaeRatings);
export type KaeRatingView = z.infer<typeof kaeRating>;

/** Spec section 3, complianceInformation (the knowledge-and-experience part), in `GET /api/v1/user`. */
export const complianceInformationView = z.object({
  /** The stored answers; null when not answered or skipped. */
  knowledgeAndExperience: knowledgeAndExperienceBody.nullable(),
  /** NotProvided (skipped), NoInformation (not answered), Appropriate (for every security type) or NotAppropriate. */
  knowledgeAndExperienceStatus: kaeRating,
  /** The rating of every security type; null unless answered. */
  knowledgeAndExperienceBoundary: z.record(z.enum(securityTypes), z.enum(['Appropriate', 'NotAppropriate'])).nullable(),
  /** When the questionnaire was last answered or skipped (ISO); null before. */
  knowledgeAndExperienceUpdatedAt: z.string().nullable(),
});
export type ComplianceInformationView = z.infer<typeof complianceInformationView>;
