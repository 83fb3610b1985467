// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postBonusBonusCodeUseByCode = { method: 'post', path: '/api/v1/bonus/bonusCode/use/{code}' };
