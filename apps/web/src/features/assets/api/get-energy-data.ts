import { type EnergyData, energyData } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** GET /api/v2/assets/{id}/energyData (spec sections 7 and 9): a power plant's production and impact. */
export const getEnergyData = (client: ApiClient, id: string): Promise<EnergyData> =>
  client.get(`/api/v2/assets/${encodeURIComponent(id)}/energyData`, energyData);

export const energyDataQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['asset', id, 'energyData'], queryFn: () => getEnergyData(apiClient, id), retry: false });

export const useEnergyData = (id: string, enabled: boolean) => useQuery({ ...energyDataQueryOptions(id), enabled });
