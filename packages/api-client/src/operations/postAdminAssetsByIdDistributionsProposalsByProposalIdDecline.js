// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAdminAssetsByIdDistributionsProposalsByProposalIdDecline = { method: 'post', path: '/admin/api/v1/assets/{id}/distributions/proposals/{proposalId}/decline' };
