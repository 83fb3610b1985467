import * as ops from '@bw/api-client/operations';
import { type BulletinOffer, bulletinOffer } from '@bw/contracts';
import type { PrivateTradeStep } from '@bw/domain';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `POST /api/v1/bulletinboard/offer/deleteRequest {offerId}`: what nobody took is released. */
export const deleteOffer = (offerId: string, client: ApiClient = apiClient): Promise<BulletinOffer> =>
  client.send(ops.postBulletinboardOfferDeleteRequest, bulletinOffer, { body: { offerId } });

/** `POST /api/v1/bulletinboard/offer/progress {tradeId, step}`: confirms the current step of a private trade. */
export const advanceTrade = (
  input: { tradeId: string; step: PrivateTradeStep },
  client: ApiClient = apiClient,
): Promise<BulletinOffer> => client.send(ops.postBulletinboardOfferProgress, bulletinOffer, { body: input });
