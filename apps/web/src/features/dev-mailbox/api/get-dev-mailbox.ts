import type * as ops from '@bw/api-client/operations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/**
 * `GET /api/v1/dev/mailbox?recipient=` (only outside production, apps/api modules/dev): the shape is
 * defined by the dev route itself, not by a contract, so the page reads just what it shows.
 */
const devMessages = z.array(
  z.object({
    id: z.string(),
    channel: z.string(),
    recipient: z.string(),
    subject: z.string().nullable(),
    bodyText: z.string(),
    createdAt: z.string(),
  }),
);
export type DevMessage = z.infer<typeof devMessages>[number];

export const getDevMailbox = (recipient: string, client: ApiClient = apiClient): Promise<DevMessage[]> =>
  client.get(devMailbox(recipient), devMessages);

/**
 * The one call outside the generated client: the route exists only outside production, and the
 * client is generated from the production document (scripts/check-api-paths.mjs allows this file).
 * It is typed as an operation without parameters; the query is part of its path.
 */
const devMailbox = (recipient: string) =>
  ({
    method: 'get',
    path: `/api/v1/dev/mailbox${recipient ? `?${new URLSearchParams({ recipient })}` : ''}`,
  }) as unknown as typeof ops.getHealthz;

export const devMailboxQueryOptions = (recipient: string) =>
  queryOptions({ queryKey: ['devMailbox', recipient], queryFn: () => getDevMailbox(recipient), retry: false });

export const useDevMailbox = (recipient: string) => useQuery(devMailboxQueryOptions(recipient));
