// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getIdentificationVideoidentEstimatedwaitingtime = { method: 'get', path: '/api/v1/identification/videoident/estimatedwaitingtime' };
