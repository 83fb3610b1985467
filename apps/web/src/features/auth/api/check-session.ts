import * as ops from '@bw/api-client/operations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import { guard, objectOf, str } from '../../../lib/guard';
import type { SessionUser } from '../../../lib/startup';

/**
 * GET /auth/checksession (spec section 7). The accounts issue adds this endpoint and its contract;
 * until then the shell reads `{ data: { userId, email, role } }` and treats any non-2xx as logged out.
 */
export const sessionUser = guard(objectOf({ userId: str, email: str, role: str }));

export const checkSession = async (client: ApiClient): Promise<SessionUser> =>
  client.get(ops.getAuthChecksession, sessionUser);

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: ['session'], queryFn: () => checkSession(apiClient), retry: false });

export const useSession = () => useQuery(sessionQueryOptions());
