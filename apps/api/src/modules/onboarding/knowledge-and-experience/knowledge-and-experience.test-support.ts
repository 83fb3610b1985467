/** Old flow of a saver: savings account and funds only (appropriate for none of the products). */
export const saverAnswers = {
  flow: 'old',
  financialProducts: ['savingsAccount', 'stocksAndFunds'],
  specificProducts: { savingsAccount: 'greaterThan5', stocksAndFunds: 'lowerThan3' },
  investmentServices: { selfDirected: 'lowerThan3', advised: 'noExperience', assetManagement: 'noExperience' },
  transactionCount: 5,
  investmentPerTransaction: 3000,
} as const;
