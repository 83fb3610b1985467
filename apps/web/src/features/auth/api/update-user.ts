import * as ops from '@bw/api-client/operations';
import { userProfile } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `PUT /api/v2/user` (spec section 7): the name of the NamePassword step. */
export const updateUserName = async (
  input: { firstName: string; lastName: string },
  client: ApiClient = apiClient,
): Promise<void> => {
  await client.send(ops.putUser, userProfile, { body: input });
};
