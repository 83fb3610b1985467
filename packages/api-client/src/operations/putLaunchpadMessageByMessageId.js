// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const putLaunchpadMessageByMessageId = { method: 'put', path: '/launchpad/api/v1/message/{messageId}' };
