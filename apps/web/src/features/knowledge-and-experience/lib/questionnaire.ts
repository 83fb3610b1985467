import type { KnowledgeAndExperienceBody } from '@bw/contracts';
import type {
  AverageAmountPerTransaction,
  ExperienceDuration,
  InvestHorizon,
  InvestmentCapital,
  InvestmentService,
  KaeProduct,
  RiskAppetite,
  TransactionsPerYear,
} from '@bw/domain';
import { investmentServices, kaeProducts } from '@bw/domain';

/**
 * Spec section 4, the two questionnaire flows, one step at a time after the info:
 * - old: financial products, specific products, investment services, transaction count,
 *   investment per transaction;
 * - new: basic questions, risk appetite, invest horizon, investment capital.
 * The draft is the registration draft's `experience` part (spec section 3), kept in the client.
 */
export type Flow = 'old' | 'new';

export type StepKey =
  | 'basicQuestions'
  | 'riskAppetite'
  | 'investHorizon'
  | 'investmentCapital'
  | 'financialProducts'
  | 'specificProducts'
  | 'investmentServices'
  | 'transactionCount'
  | 'investmentPerTransaction';

export type Draft = {
  readonly products: readonly KaeProduct[];
  readonly productExperience: Readonly<Partial<Record<KaeProduct, ExperienceDuration>>>;
  readonly serviceExperience: Readonly<Partial<Record<InvestmentService, ExperienceDuration>>>;
  readonly experienceDuration?: ExperienceDuration;
  readonly transactionsPerYear?: TransactionsPerYear;
  readonly averageAmount?: AverageAmountPerTransaction;
  readonly riskAppetite?: RiskAppetite;
  readonly investHorizon?: InvestHorizon;
  readonly investmentCapital?: InvestmentCapital;
};

export const emptyDraft: Draft = { products: [], productExperience: {}, serviceExperience: {} };

const newFlowSteps: readonly StepKey[] = ['basicQuestions', 'riskAppetite', 'investHorizon', 'investmentCapital'];

/**
 * The steps of a flow for this draft: experience per product only when a product is known, the
 * amount per transaction only when there are transactions.
 */
export const stepsOf = (flow: Flow, draft: Draft): readonly StepKey[] => {
  if (flow === 'new') return newFlowSteps;
  return [
    'financialProducts',
    ...(draft.products.length > 0 ? (['specificProducts'] as const) : []),
    'investmentServices',
    'transactionCount',
    ...(draft.transactionsPerYear !== 0 ? (['investmentPerTransaction'] as const) : []),
  ];
};

/** Whether the step has every answer it needs before "next". */
export const isStepComplete = (step: StepKey, draft: Draft): boolean => {
  switch (step) {
    case 'financialProducts':
      return true; // knowing none of them is an answer too
    case 'specificProducts':
      return draft.products.every((product) => draft.productExperience[product] !== undefined);
    case 'investmentServices':
      return investmentServices.every((service) => draft.serviceExperience[service] !== undefined);
    case 'transactionCount':
      return draft.transactionsPerYear !== undefined;
    case 'investmentPerTransaction':
      return draft.averageAmount !== undefined;
    case 'basicQuestions':
      return draft.experienceDuration !== undefined && draft.transactionsPerYear !== undefined;
    case 'riskAppetite':
      return draft.riskAppetite !== undefined;
    case 'investHorizon':
      return draft.investHorizon !== undefined;
    case 'investmentCapital':
      return draft.investmentCapital !== undefined;
  }
};

/** Products in the order of the answer set, whatever order they were ticked in. */
const ordered = (products: readonly KaeProduct[]): KaeProduct[] => kaeProducts.filter((p) => products.includes(p));

/** The request body for a finished draft; null while an answer is missing. */
export const toAnswers = (flow: Flow, draft: Draft): KnowledgeAndExperienceBody | null => {
  if (!stepsOf(flow, draft).every((step) => isStepComplete(step, draft))) return null;
  const transactions = draft.transactionsPerYear;
  if (transactions === undefined) return null;
  if (flow === 'new') {
    const { experienceDuration, riskAppetite, investHorizon, investmentCapital } = draft;
    if (!experienceDuration || !riskAppetite || !investHorizon || investmentCapital === undefined) return null;
    return {
      flow: 'new',
      basicQuestions: { knownProducts: ordered(draft.products), experienceDuration, transactionsPerYear: transactions },
      riskAppetite,
      investHorizon,
      investmentCapital,
    };
  }
  const { selfDirected, advised, assetManagement } = draft.serviceExperience;
  if (!selfDirected || !advised || !assetManagement) return null;
  const products = ordered(draft.products);
  return {
    flow: 'old',
    financialProducts: products,
    specificProducts: Object.fromEntries(products.map((product) => [product, draft.productExperience[product]])),
    investmentServices: { selfDirected, advised, assetManagement },
    transactionCount: transactions,
    investmentPerTransaction: transactions === 0 ? null : (draft.averageAmount ?? null),
  };
};

/** The draft of stored answers, so "change answers" starts from what the user said before. */
export const draftOf = (answers: KnowledgeAndExperienceBody | null): Draft => {
  if (!answers) return emptyDraft;
  if (answers.flow === 'new') {
    return {
      ...emptyDraft,
      products: answers.basicQuestions.knownProducts,
      experienceDuration: answers.basicQuestions.experienceDuration,
      transactionsPerYear: answers.basicQuestions.transactionsPerYear,
      riskAppetite: answers.riskAppetite,
      investHorizon: answers.investHorizon,
      investmentCapital: answers.investmentCapital,
    };
  }
  return {
    products: answers.financialProducts,
    productExperience: answers.specificProducts,
    serviceExperience: answers.investmentServices,
    transactionsPerYear: answers.transactionCount,
    ...(answers.investmentPerTransaction === null ? {} : { averageAmount: answers.investmentPerTransaction }),
  };
};
