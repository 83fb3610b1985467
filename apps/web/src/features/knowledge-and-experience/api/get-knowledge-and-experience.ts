import * as ops from '@bw/api-client/operations';
import { type ComplianceInformationView, complianceInformationView } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';

export const kaeQueryKey = ['user', 'knowledge-and-experience'] as const;

const userCompliance = z.object({ complianceInformation: complianceInformationView });

/** `GET /api/v1/user` (spec section 7): only its `complianceInformation` (answers, status, boundary). */
export const getKnowledgeAndExperience = async (client: ApiClient = apiClient): Promise<ComplianceInformationView> =>
  (await client.get(ops.getUser, userCompliance)).complianceInformation;

export const kaeQueryOptions = () =>
  queryOptions({ queryKey: kaeQueryKey, queryFn: () => getKnowledgeAndExperience(), retry: false });

export const useKnowledgeAndExperience = () => useQuery(kaeQueryOptions());
