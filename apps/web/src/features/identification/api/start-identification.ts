import * as ops from '@bw/api-client/operations';
import {
  type IdentificationState,
  identificationState,
  type StartIdentificationBody,
  type VideoIdentStart,
  videoIdentStart,
} from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /api/v1/identification/docident {documentType, documentNumber}`. */
export const startDocumentIdent = (
  body: StartIdentificationBody,
  client: ApiClient = apiClient,
): Promise<IdentificationState> => client.send(ops.postIdentificationDocident, identificationState, { body });

/**
 * `POST /api/v1/identification/videoident`: answers `data.idNowId` (spec section 7) and, for IDnow,
 * `redirectUrl`, the page of the video call the browser goes to.
 */
export const startVideoIdent = (client: ApiClient = apiClient): Promise<VideoIdentStart> =>
  client.send(ops.postIdentificationVideoident, videoIdentStart);
