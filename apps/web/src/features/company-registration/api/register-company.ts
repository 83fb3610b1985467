import * as ops from '@bw/api-client/operations';
import { type CompanyView, type CreateCompanyBody, companyView, setUserCompanyResult } from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { companyQueryKey } from './company-view';

/** `POST /api/v1/company` (spec section 7): creates the company. */
export const createCompany = (body: CreateCompanyBody, client: ApiClient = apiClient): Promise<CompanyView> =>
  client.send(ops.postCompany, companyView, { body });

/** `PUT /api/v2/user/company {companyId}` (spec section 7): links it to the user. */
export const linkCompany = (companyId: string, client: ApiClient = apiClient) =>
  client.send(ops.putUserCompany, setUserCompanyResult, { body: { companyId } });

/** Company registration: create, then link (spec section 7, in this order). */
export const useRegisterCompany = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateCompanyBody) => {
      const company = await createCompany(body);
      await linkCompany(company.id);
      return company;
    },
    onSuccess: (company) => queryClient.setQueryData(companyQueryKey, company),
  });
};
