import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/startup';

/**
 * GET /auth/checksession (spec section 7). The accounts issue adds this endpoint and its contract;
 * until then the shell reads `{ data: { userId, email, role } }` and treats any non-2xx as logged out.
 */
export const sessionUser = z.object({ userId: z.string(), email: z.string(), role: z.string() });

export const checkSession = async (client: ApiClient): Promise<SessionUser> =>
  client.get('/auth/checksession', sessionUser);

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: ['session'], queryFn: () => checkSession(apiClient), retry: false });

export const useSession = () => useQuery(sessionQueryOptions());
