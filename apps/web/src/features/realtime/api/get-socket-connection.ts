import type { SocketConnection } from '@bw/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { socketConnectionGuard } from '../../../lib/contract-guards';

/** GET /api/v1/user/socketConnection (spec section 7): where the realtime connection lives. */
export const getSocketConnection = (client: ApiClient): Promise<SocketConnection> =>
  client.get('/api/v1/user/socketConnection', socketConnectionGuard);

export const socketConnectionQueryOptions = () =>
  queryOptions({ queryKey: ['socketConnection'], queryFn: () => getSocketConnection(apiClient), retry: false });
