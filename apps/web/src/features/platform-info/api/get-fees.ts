import * as ops from '@bw/api-client/operations';
import type { PlatformFees } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { platformFeesGuard } from '../../../lib/contract-guards';

/** GET /api/v1/utils/fees (spec sections 7 and 9: fees come from this endpoint, the default fee is 0). */
export const getFees = (client: ApiClient): Promise<PlatformFees> => client.get(ops.getUtilsFees, platformFeesGuard);

export const feesQueryOptions = () => queryOptions({ queryKey: ['fees'], queryFn: () => getFees(apiClient) });

export const useFees = () => useQuery(feesQueryOptions());
