import { errorBody } from '@bw/contracts';

/** What the primary-market route files share. */
export const tags = ['Primary market'];
export const refusals = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};
