import { errorBody } from '@bw/contracts';

/** The error answers every admin route may give (its schema's `response` besides 200). */
export const adminErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
