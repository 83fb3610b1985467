import {
  DOCUMENT_PROVIDER_PATH,
  type IdentificationState,
  identificationState,
  type StartIdentificationBody,
  VIDEO_PROVIDER_PATH,
  type VideoIdentStart,
  videoIdentStart,
} from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /api/v1/identification/docident {documentType, documentNumber}`. */
export const startDocumentIdent = (
  body: StartIdentificationBody,
  client: ApiClient = apiClient,
): Promise<IdentificationState> =>
  client.send('POST', `/api/v1/identification/${DOCUMENT_PROVIDER_PATH}`, body, identificationState);

/**
 * `POST /api/v1/identification/videoident`: answers `data.idNowId` (spec section 7) and, for IDnow,
 * `redirectUrl`, the page of the video call the browser goes to.
 */
export const startVideoIdent = (client: ApiClient = apiClient): Promise<VideoIdentStart> =>
  client.send('POST', `/api/v1/identification/${VIDEO_PROVIDER_PATH}`, {}, videoIdentStart);
