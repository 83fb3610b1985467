import { emailAddress, errorBody } from '@bw/contracts';
import { AppError } from '../../../lib/app-error.js';

/** What the auth route files share. */
export const tags = ['Auth'];
export const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 409: errorBody, 429: errorBody };

/** An e-mail address in the path: refused with the spec's message, not a schema error. */
export const parseEmailParam = (value: string): string => {
  const parsed = emailAddress.safeParse(value);
  if (!parsed.success) throw new AppError('EMAIL_INVALID');
  return parsed.data;
};
