import * as ops from '@bw/api-client/operations';
import { type UserProfile, userProfile } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `GET /api/v1/user` (spec section 7): the user data loaded after an external login. */
export const getUser = (client: ApiClient = apiClient): Promise<UserProfile> => client.get(ops.getUser, userProfile);
