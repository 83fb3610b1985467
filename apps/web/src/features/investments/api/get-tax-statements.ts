import * as ops from '@bw/api-client/operations';
import { type TaxStatementList, taxStatementList } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `GET /api/v1/user/taxStatements`: the years with distributions, each with its PDF (issue 22). */
export const getTaxStatements = (client: ApiClient = apiClient): Promise<TaxStatementList> =>
  client.get(ops.getUserTaxStatements, taxStatementList);

export const taxStatementsQueryOptions = () =>
  queryOptions({ queryKey: ['tax-statements'], queryFn: () => getTaxStatements(), retry: false });

export const useTaxStatements = () => useQuery(taxStatementsQueryOptions());
