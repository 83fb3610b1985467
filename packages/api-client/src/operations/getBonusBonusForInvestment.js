// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getBonusBonusForInvestment = { method: 'get', path: '/api/v1/bonus/bonusForInvestment' };
