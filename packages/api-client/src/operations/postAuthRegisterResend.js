// Generated from the production API document by `npm run api-client:generate`. Do not edit.
export const postAuthRegisterResend = { method: 'post', path: '/auth/register/resend' };
