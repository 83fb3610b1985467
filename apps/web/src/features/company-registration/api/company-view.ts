export type { CompanyView, CreateCompanyBody } from '@bw/contracts';

export const companyQueryKey = ['user', 'company'] as const;
