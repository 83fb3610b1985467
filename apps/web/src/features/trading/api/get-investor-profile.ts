import * as ops from '@bw/api-client/operations';
import { complianceInformationView, userProfile } from '@bw/contracts';
import type { AppropriatenessRating, SecurityType } from '@bw/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { investorProfileQueryKey } from './query-keys';

const investorProfile = z.object({
  status: userProfile.shape.status,
  complianceInformation: complianceInformationView,
});
export type InvestorProfile = z.infer<typeof investorProfile>;

/** `GET /api/v1/user`: only what the buy flow warns about before sending (verification, appropriateness). */
export const getInvestorProfile = (client: ApiClient = apiClient): Promise<InvestorProfile> =>
  client.get(ops.getUser, investorProfile);

export const investorProfileQueryOptions = () =>
  queryOptions({ queryKey: investorProfileQueryKey, queryFn: () => getInvestorProfile(), retry: false });

export const useInvestorProfile = () => useQuery(investorProfileQueryOptions());

/**
 * The rating the server will apply (spec section 5): skipped or unanswered as they are, else the
 * boundary of this security type. Anything but `Appropriate` needs the explicit continue.
 */
export const appropriatenessOf = (profile: InvestorProfile, securityType: SecurityType): AppropriatenessRating => {
  const info = profile.complianceInformation;
  if (info.knowledgeAndExperienceStatus === 'NotProvided' || info.knowledgeAndExperienceStatus === 'NoInformation')
    return info.knowledgeAndExperienceStatus;
  return info.knowledgeAndExperienceBoundary?.[securityType] ?? info.knowledgeAndExperienceStatus;
};
