// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getUserTaxStatementsByYear = { method: 'get', path: '/api/v1/user/taxStatements/{year}' };
