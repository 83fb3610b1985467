import * as ops from '@bw/api-client/operations';
import { type ComplaintBody, complaintAnswer } from '@bw/contracts';
import type { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /launchpad/api/v1/complaint`: report a message to the moderation queue. */
export const fileComplaint = (
  body: ComplaintBody,
  client: ApiClient = apiClient,
): Promise<z.infer<typeof complaintAnswer>> => client.send(ops.postLaunchpadComplaint, complaintAnswer, { body });
