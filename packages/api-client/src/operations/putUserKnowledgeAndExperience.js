// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const putUserKnowledgeAndExperience = { method: 'put', path: '/api/v1/user/knowledgeAndExperience' };
