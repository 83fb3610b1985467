import * as ops from '@bw/api-client/operations';
import { IDEMPOTENCY_HEADER, type InitInvestmentBody, type PurchaseView, purchaseView } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/**
 * `POST /api/v1/assets/initInvestment/{assetId}` (issue 9): reserves the shares and the cash and
 * creates the signing request. One idempotency key per attempt (ADR 0005), so a retried request
 * never buys twice.
 */
export const initInvestment = (
  input: { assetId: string; body: InitInvestmentBody; idempotencyKey: string },
  client: ApiClient = apiClient,
): Promise<PurchaseView> =>
  client.send(ops.postAssetsInitInvestmentById, purchaseView, {
    path: { id: input.assetId },
    body: input.body,
    headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey },
  });
