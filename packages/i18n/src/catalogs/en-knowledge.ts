import type { deATKnowledge } from './de-at-knowledge.js';

type KnowledgeCatalog = {
  readonly [K in keyof typeof deATKnowledge]: { readonly [L in keyof (typeof deATKnowledge)[K]]: string };
};

/** English texts of the knowledge-and-experience screen (issue 5). */
export const enKnowledge = {
  kae: {
    infoTitle: 'Why we ask',
    infoText:
      'Before you invest, we check whether our products – participation rights, holdings and digital securities – fit your knowledge and experience (appropriateness check). It takes about two minutes; you can change your answers at any time.',
    infoPoints: 'You answer a few questions about your knowledge, your experience and your goals.',
    start: 'Start the questionnaire',
    startDetailed: 'Detailed questionnaire',
    skip: 'Skip',
    stepOf: 'Step {{current}} of {{total}}',
    next: 'Next',
    back: 'Back',
    submit: 'Send answers',
    sending: 'Sending …',
    loading: 'Loading …',
    failed: 'That did not work. Please try again.',
    chooseOne: 'Please choose an answer.',
    noneHint: 'None of them? Just tap “Next”.',
    stepBasicQuestions: 'Your knowledge',
    stepRiskAppetite: 'Your risk appetite',
    stepInvestHorizon: 'Your investment horizon',
    stepInvestmentCapital: 'Your investment capital',
    stepFinancialProducts: 'Financial products',
    stepSpecificProducts: 'Experience per product',
    stepInvestmentServices: 'Investment services',
    stepTransactionCount: 'Transactions',
    stepInvestmentPerTransaction: 'Amount per transaction',
    qKnownProducts: 'Which of these products do you know well?',
    qExperienceDuration: 'How long have you been investing in securities?',
    qTransactionsPerYear: 'How many purchases or sales do you make per year?',
    qRiskAppetite: 'How much risk are you willing to take?',
    qInvestHorizon: 'How long do you want to invest your money?',
    qInvestmentCapital: 'How much money do you have available for investments?',
    qFinancialProducts: 'Which of these financial products do you know?',
    qSpecificProducts: 'How long have you been investing in these products?',
    qInvestmentServices: 'How much experience do you have with these services?',
    qInvestmentPerTransaction: 'How much do you invest per transaction on average?',
    skipTitle: 'Skip the questionnaire?',
    skipText:
      'Without your answers we cannot check whether our products fit your knowledge and experience. An appropriateness check is then not possible.',
    skipConfirmLabel: 'I understand that an appropriateness check is then not possible.',
    skipConfirm: 'Skip anyway',
    skipCancel: 'Fill in the questionnaire',
    resultTitle: 'Your result',
    resultAppropriate: 'Our products fit your knowledge and experience.',
    resultNotAppropriate:
      'Not every one of our products fits your knowledge and experience. You can still invest – before you buy such a product we will point this out.',
    resultNotProvided:
      'You skipped the questionnaire. An appropriateness check is not possible; we will point this out before every purchase.',
    resultPerType: 'Per product type',
    change: 'Change answers',
    answerNow: 'Fill in the questionnaire now',
    done: 'Go to the marketplace',
  },
  kaeRatings: {
    NotProvided: 'Not provided',
    NoInformation: 'No information',
    Appropriate: 'Appropriate',
    NotAppropriate: 'Not appropriate',
  },
  kaeProducts: {
    savingsAccount: 'Savings account',
    bonds: 'Bonds',
    stocksAndFunds: 'Stocks and funds',
    certificates: 'Certificates',
    kgParticipationBuilderModel: 'KG participation as builder model',
    optionsAndFutures: 'Options and futures',
    participationCertificates: 'Participation certificates',
    digitalSecurities: 'Digital securities',
  },
  kaeDurations: {
    noExperience: 'No experience',
    lowerThan3: 'Up to 3 years',
    '3to5': '3 to 5 years',
    greaterThan5: 'Over 5 years',
  },
  kaeServices: {
    selfDirected: 'Self-directed, without advice',
    advised: 'With investment advice',
    assetManagement: 'Asset management',
  },
  kaeTransactions: { '0': 'None', '5': 'Up to 5', '10': 'Up to 10', '11': 'More than 10' },
  kaeAmounts: {
    '3000': '€0 – €3,000',
    '5000': '€3,001 – €5,000',
    '10000': '€5,001 – €10,000',
    '10001': 'Over €10,000',
  },
  kaeRiskAppetites: {
    low: 'Low – safety first',
    moderate: 'Moderate – small swings are fine',
    medium: 'Medium – return and risk balanced',
    high: 'High – I accept losses for a higher return',
    highlySpeculative: 'Highly speculative – I can bear a total loss',
  },
  kaeHorizons: {
    short: 'Short: up to 4 years',
    medium: 'Medium: 5 to 19 years',
    long: 'Long: 20 years and more',
  },
  kaeCapital: {
    '10000': 'Up to €10,000',
    '50000': '€10,001 – €50,000',
    '100000': '€50,001 – €100,000',
    '100001': 'Over €100,000',
  },
} as const satisfies KnowledgeCatalog;
