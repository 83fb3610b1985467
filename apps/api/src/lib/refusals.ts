import { errorBody } from '@bw/contracts';

/**
 * The refusals of a logged-in call that reserves or moves money or shares: 400 bad input, 401 no
 * session, 403 not allowed, 404 unknown, 409 conflict, 422 a business rule says no.
 */
export const tradeRefusals = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};
