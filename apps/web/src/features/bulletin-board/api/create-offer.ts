import * as ops from '@bw/api-client/operations';
import { type BulletinOffer, bulletinOffer, type CreateOfferBody, IDEMPOTENCY_HEADER } from '@bw/contracts';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/**
 * `POST /api/v1/bulletinboard/offer`: reserves the shares (sell) or the cash and fee (buy) and asks
 * for the signature in the security app. One idempotency key per attempt (ADR 0005).
 */
export const createOffer = (
  input: { body: CreateOfferBody; idempotencyKey: string },
  client: ApiClient = apiClient,
): Promise<BulletinOffer> =>
  client.send(ops.postBulletinboardOffer, bulletinOffer, {
    body: input.body,
    headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey },
  });
