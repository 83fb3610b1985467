import { describe, expect, it } from 'vitest';
import { type Draft, draftOf, emptyDraft, isStepComplete, stepsOf, toAnswers } from './questionnaire';

const newDraft: Draft = {
  ...emptyDraft,
  products: ['digitalSecurities', 'participationCertificates'],
  experienceDuration: 'lowerThan3',
  transactionsPerYear: 5,
  riskAppetite: 'medium',
  investHorizon: 'long',
  investmentCapital: 10000,
};

describe('stepsOf (spec section 4)', () => {
  it('new flow: the four sections', () => {
    expect(stepsOf('new', emptyDraft)).toEqual([
      'basicQuestions',
      'riskAppetite',
      'investHorizon',
      'investmentCapital',
    ]);
  });

  it('old flow: experience per product only with known products, amount only with transactions', () => {
    expect(stepsOf('old', { ...emptyDraft, transactionsPerYear: 0 })).toEqual([
      'financialProducts',
      'investmentServices',
      'transactionCount',
    ]);
    expect(stepsOf('old', { ...emptyDraft, products: ['bonds'], transactionsPerYear: 11 })).toEqual([
      'financialProducts',
      'specificProducts',
      'investmentServices',
      'transactionCount',
      'investmentPerTransaction',
    ]);
  });
});

describe('toAnswers', () => {
  it('new flow: products in the order of the answer set', () => {
    expect(toAnswers('new', newDraft)).toEqual({
      flow: 'new',
      basicQuestions: {
        knownProducts: ['participationCertificates', 'digitalSecurities'],
        experienceDuration: 'lowerThan3',
        transactionsPerYear: 5,
      },
      riskAppetite: 'medium',
      investHorizon: 'long',
      investmentCapital: 10000,
    });
  });

  it('is null while an answer is missing', () => {
    expect(toAnswers('new', { ...newDraft, investHorizon: undefined })).toBeNull();
    expect(isStepComplete('basicQuestions', { ...newDraft, experienceDuration: undefined })).toBe(false);
  });

  it('old flow: no amount without transactions; experience only for known products', () => {
    const draft: Draft = {
      products: ['bonds'],
      productExperience: { bonds: '3to5', stocksAndFunds: 'lowerThan3' },
      serviceExperience: { selfDirected: 'noExperience', advised: 'lowerThan3', assetManagement: 'noExperience' },
      transactionsPerYear: 0,
      averageAmount: 5000,
    };
    const answers = toAnswers('old', draft);
    expect(answers).toEqual({
      flow: 'old',
      financialProducts: ['bonds'],
      specificProducts: { bonds: '3to5' },
      investmentServices: { selfDirected: 'noExperience', advised: 'lowerThan3', assetManagement: 'noExperience' },
      transactionCount: 0,
      investmentPerTransaction: null,
    });
    expect(toAnswers('old', draftOf(answers))).toEqual(answers);
  });
});
