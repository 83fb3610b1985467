// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const putNotificationSettings = { method: 'put', path: '/api/v1/notification/settings' };
