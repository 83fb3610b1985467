// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const getWellKnownAppleAppSiteAssociation = { method: 'get', path: '/.well-known/apple-app-site-association' };
