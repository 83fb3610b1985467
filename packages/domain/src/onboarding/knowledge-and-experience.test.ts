import { describe, expect, it } from 'vitest';
import { securityTypes } from '../assets/enums.js';
import {
  appropriatenessBoundary,
  averageAmountPerTransactionValues,
  experienceDurations,
  investHorizons,
  type KaeRecord,
  kaeProducts,
  type NewFlowAnswers,
  type OldFlowAnswers,
  overallKaeStatus,
  questionnaireSections,
  rateAppropriateness,
  riskAppetites,
  transactionsPerYearValues,
  validateKaeAnswers,
} from './knowledge-and-experience.js';

/** Old flow: knows nothing of ours, only savings and stocks; no transactions. */
const saver: OldFlowAnswers = {
  flow: 'old',
  financialProducts: ['savingsAccount', 'stocksAndFunds'],
  specificProducts: { savingsAccount: 'greaterThan5', stocksAndFunds: 'lowerThan3' },
  investmentServices: { selfDirected: 'lowerThan3', advised: 'noExperience', assetManagement: 'noExperience' },
  transactionCount: 0,
  investmentPerTransaction: null,
};

const newFlow = (knownProducts: NewFlowAnswers['basicQuestions']['knownProducts']): NewFlowAnswers => ({
  flow: 'new',
  basicQuestions: { knownProducts, experienceDuration: '3to5', transactionsPerYear: 5 },
  riskAppetite: 'medium',
  investHorizon: 'long',
  investmentCapital: 50000,
});

describe('answer sets: stored values exactly as spec section 3 lists them', () => {
  it.each([
    ['experience duration', experienceDurations, ['noExperience', 'lowerThan3', '3to5', 'greaterThan5']],
    ['transactions per year', transactionsPerYearValues, [0, 5, 10, 11]],
    ['average amount per transaction', averageAmountPerTransactionValues, [3000, 5000, 10000, 10001]],
    [
      'questionnaire sections',
      questionnaireSections,
      ['BasicQuestions', 'RiskAppetite', 'InvestHorizon', 'InvestmentCapital'],
    ],
    ['invest horizon', investHorizons, ['short', 'medium', 'long']],
  ] as const)('%s', (_name, values, expected) => {
    expect(values).toEqual(expected);
  });

  it('has eight products and five risk levels', () => {
    expect(kaeProducts).toHaveLength(8);
    expect(kaeProducts).toContain('participationCertificates');
    expect(kaeProducts).toContain('kgParticipationBuilderModel');
    expect(kaeProducts).toContain('digitalSecurities');
    expect(riskAppetites).toEqual(['low', 'moderate', 'medium', 'high', 'highlySpeculative']);
  });
});

describe('validateKaeAnswers: old flow', () => {
  it('accepts a complete, consistent questionnaire', () => {
    expect(validateKaeAnswers(saver)).toEqual([]);
  });

  it('accepts knowing none of the products', () => {
    expect(validateKaeAnswers({ ...saver, financialProducts: [], specificProducts: {} })).toEqual([]);
  });

  it.each<[string, Partial<OldFlowAnswers>, ReturnType<typeof validateKaeAnswers>]>([
    [
      'a known product without its experience',
      { specificProducts: { savingsAccount: 'greaterThan5' } },
      [{ reason: 'missing', field: 'specificProducts.stocksAndFunds' }],
    ],
    [
      'experience with a product not named as known',
      { specificProducts: { ...saver.specificProducts, bonds: '3to5' } },
      [{ reason: 'experienceWithoutKnowledge', field: 'specificProducts.bonds' }],
    ],
    [
      'a service not answered',
      {
        investmentServices: {
          selfDirected: 'noExperience',
          advised: 'noExperience',
        } as OldFlowAnswers['investmentServices'],
      },
      [{ reason: 'missing', field: 'investmentServices.assetManagement' }],
    ],
    [
      'an average amount with no transactions',
      { transactionCount: 0, investmentPerTransaction: 3000 },
      [{ reason: 'amountWithoutTransactions', field: 'investmentPerTransaction' }],
    ],
    [
      'transactions without an average amount',
      { transactionCount: 11, investmentPerTransaction: null },
      [{ reason: 'missing', field: 'investmentPerTransaction' }],
    ],
  ])('refuses %s', (_name, change, problems) => {
    expect(validateKaeAnswers({ ...saver, ...change })).toEqual(problems);
  });
});

describe('validateKaeAnswers: new flow', () => {
  it('accepts the four sections', () => {
    expect(validateKaeAnswers(newFlow([]))).toEqual([]);
  });
});

describe('rateAppropriateness: worked examples (spec section 5)', () => {
  const answered = (answers: OldFlowAnswers | NewFlowAnswers): KaeRecord => ({ kind: 'answered', answers });

  it('skipped with confirmation: NotProvided for every type', () => {
    for (const type of securityTypes) expect(rateAppropriateness({ kind: 'skipped' }, type)).toBe('NotProvided');
  });

  it('not answered: NoInformation for every type', () => {
    for (const type of securityTypes) expect(rateAppropriateness({ kind: 'none' }, type)).toBe('NoInformation');
  });

  it.each<[string, KaeRecord, (typeof securityTypes)[number], string]>([
    [
      'a saver (savings, stocks) buying a participation right',
      answered(saver),
      'participationRightEquity',
      'NotAppropriate',
    ],
    ['a saver buying KG shares', answered(saver), 'participationKG', 'NotAppropriate'],
    [
      'old flow: knows participation certificates → participation right',
      answered({
        ...saver,
        financialProducts: ['participationCertificates'],
        specificProducts: { participationCertificates: 'noExperience' },
      }),
      'participationRightDebtCapital',
      'Appropriate',
    ],
    [
      'old flow: knows participation certificates → KG shares',
      answered({
        ...saver,
        financialProducts: ['participationCertificates'],
        specificProducts: { participationCertificates: 'noExperience' },
      }),
      'participationKG',
      'NotAppropriate',
    ],
    [
      'new flow: knows the KG builder model → builder-owner participation right',
      answered(newFlow(['kgParticipationBuilderModel'])),
      'participationRightEquityBuilderOwner',
      'Appropriate',
    ],
    [
      'new flow: knows the KG builder model → atypical silent partnership',
      answered(newFlow(['kgParticipationBuilderModel'])),
      'participationAtypicalSilent',
      'Appropriate',
    ],
    [
      'new flow: knows digital securities → participation right (debt capital, partial sale)',
      answered(newFlow(['digitalSecurities'])),
      'participationRightDebtCapitalPartialSale',
      'Appropriate',
    ],
    [
      'new flow: knows only options and futures → participation right',
      answered(newFlow(['optionsAndFutures', 'certificates'])),
      'participationRightEquity',
      'NotAppropriate',
    ],
    [
      'new flow: knows digital securities → purchase with management outsourcing',
      answered(newFlow(['digitalSecurities'])),
      'purchaseWithManagementOutsourcing',
      'Appropriate',
    ],
  ])('%s: %s', (_name, record, securityType, rating) => {
    expect(rateAppropriateness(record, securityType)).toBe(rating);
  });
});

describe('boundary and overall status', () => {
  it('rates every security type', () => {
    expect(appropriatenessBoundary(newFlow(['participationCertificates']))).toEqual({
      participationRightEquity: 'Appropriate',
      participationRightEquityBuilderOwner: 'Appropriate',
      participationRightDebtCapital: 'Appropriate',
      participationRightDebtCapitalPartialSale: 'Appropriate',
      participationKG: 'NotAppropriate',
      participationAtypicalSilent: 'Appropriate',
      purchaseWithManagementOutsourcing: 'Appropriate',
    });
  });

  it.each<[string, KaeRecord, string]>([
    ['nothing stored', { kind: 'none' }, 'NoInformation'],
    ['skipped', { kind: 'skipped' }, 'NotProvided'],
    [
      'appropriate for some types only',
      { kind: 'answered', answers: newFlow(['participationCertificates']) },
      'NotAppropriate',
    ],
    [
      'appropriate for all types',
      { kind: 'answered', answers: newFlow(['participationCertificates', 'kgParticipationBuilderModel']) },
      'Appropriate',
    ],
  ])('%s → %s', (_name, record, status) => {
    expect(overallKaeStatus(record)).toBe(status);
  });
});
