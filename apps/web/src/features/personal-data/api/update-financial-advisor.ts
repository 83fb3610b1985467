import * as ops from '@bw/api-client/operations';
import { type financialAdvisorKinds, financialAdvisorView } from '@bw/contracts';
import { useMutation } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** Spec sections 2 and 7: who brought the user, `PUT /api/v2/user/marketingData/financialAdvisor`. */
export const ADVISOR_KINDS = [
  'none',
  'financialAdvisor',
  'tipster',
] as const satisfies readonly (typeof financialAdvisorKinds)[number][];
export type AdvisorKind = (typeof ADVISOR_KINDS)[number];
export type FinancialAdvisorBody = { readonly kind: AdvisorKind; readonly name?: string };

export const updateFinancialAdvisor = (body: FinancialAdvisorBody, client: ApiClient = apiClient) =>
  client.send(ops.putUserMarketingDataFinancialAdvisor, financialAdvisorView, { body });

export const useUpdateFinancialAdvisor = () =>
  useMutation({ mutationFn: (body: FinancialAdvisorBody) => updateFinancialAdvisor(body) });
