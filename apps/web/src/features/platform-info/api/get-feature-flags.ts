import * as ops from '@bw/api-client/operations';
import type { FeatureFlags } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { featureFlagsGuard, PARTNER_HEADER } from '../../../lib/contract-guards';

/** GET /api/v1/utils/featureFlags with the partner header (spec sections 6 and 7). */
export const getFeatureFlags = (client: ApiClient, partnerId: string): Promise<FeatureFlags> =>
  client.get(ops.getUtilsFeatureFlags, featureFlagsGuard, { headers: { [PARTNER_HEADER]: partnerId } });

export const featureFlagsQueryOptions = (partnerId: string) =>
  queryOptions({ queryKey: ['featureFlags', partnerId], queryFn: () => getFeatureFlags(apiClient, partnerId) });

export const useFeatureFlagsQuery = (partnerId: string) => useQuery(featureFlagsQueryOptions(partnerId));
