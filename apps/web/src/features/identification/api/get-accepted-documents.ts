import * as ops from '@bw/api-client/operations';
import { type AcceptedDocument, acceptedDocuments } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { acceptedDocumentsQueryKey } from './query-keys';

/** `GET /api/v1/identification/docident/acceptedDocuments` (spec section 7). */
export const getAcceptedDocuments = (client: ApiClient): Promise<AcceptedDocument[]> =>
  client.get(ops.getIdentificationDocidentAcceptedDocuments, acceptedDocuments);

export const useAcceptedDocuments = () =>
  useQuery(
    queryOptions({
      queryKey: acceptedDocumentsQueryKey,
      queryFn: () => getAcceptedDocuments(apiClient),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
