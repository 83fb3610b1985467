import * as ops from '@bw/api-client/operations';
import { type PurchaseView, purchaseView } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /api/v1/assets/cancelTransaction {transactionId}`: both reservations are released, the money is back. */
export const cancelPurchase = (transactionId: string, client: ApiClient = apiClient): Promise<PurchaseView> =>
  client.send(ops.postAssetsCancelTransaction, purchaseView, { body: { transactionId } });
