import * as ops from '@bw/api-client/operations';
import { type OpenBonusView, openBonusView } from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `GET /api/v1/bonus/allOpenBonuses`: bonuses ready at checkout and those still being earned (issue 25). */
export const getOpenBonuses = (client: ApiClient = apiClient): Promise<OpenBonusView[]> =>
  client.get(ops.getBonusAllOpenBonuses, z.array(openBonusView));

export const useOpenBonuses = () =>
  useQuery({ queryKey: ['bonuses', 'open'], queryFn: () => getOpenBonuses(), retry: false });
