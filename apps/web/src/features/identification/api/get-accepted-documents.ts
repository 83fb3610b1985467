import { type AcceptedDocument, acceptedDocuments, DOCUMENT_PROVIDER_PATH } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { acceptedDocumentsQueryKey } from './query-keys';

/** `GET /api/v1/identification/docident/acceptedDocuments` (spec section 7). */
export const getAcceptedDocuments = (client: ApiClient): Promise<AcceptedDocument[]> =>
  client.get(`/api/v1/identification/${DOCUMENT_PROVIDER_PATH}/acceptedDocuments`, acceptedDocuments);

export const useAcceptedDocuments = () =>
  useQuery(
    queryOptions({
      queryKey: acceptedDocumentsQueryKey,
      queryFn: () => getAcceptedDocuments(apiClient),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
