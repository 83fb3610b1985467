// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const deleteChannelSubscribeByX = { method: 'delete', path: '/api/v1/channel/subscribe/{x}' };
