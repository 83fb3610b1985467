import { errorBody } from '@bw/contracts';

/** What the bulletin-board route files share. */
export const tags = ['Bulletin board'];
export const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  422: errorBody,
};
