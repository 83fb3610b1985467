import * as ops from '@bw/api-client/operations';
import { preorderView } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /launchpad/api/v1/asset/preorder {amount, assetId}`: a pre-booking (reservation) of an amount. */
export const preorder = (input: { assetId: string; amountCents: bigint }, client: ApiClient = apiClient) =>
  client.send(ops.postLaunchpadAssetPreorder, preorderView, {
    body: { amount: input.amountCents.toString(), assetId: input.assetId },
  });
