import * as ops from '@bw/api-client/operations';
import { IDEMPOTENCY_HEADER, interestedPartyResult } from '@bw/contracts';
import type { AcceptedWarning } from '@bw/domain';
import type { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';

export type TakeOfferResult = z.infer<typeof interestedPartyResult>;

/**
 * `POST /api/v1/bulletinboard/offer/interestedParty {offerId, shares}`: takes all or part of an
 * open offer (partial fills; issue 10), with the confirmations the trade rules asked for (ADR
 * 0040). Public: the signature in the security app settles it; private: the trade starts at the
 * contact-details step.
 */
export const takeOffer = (
  input: {
    offerId: string;
    shares: number;
    acceptedWarnings?: readonly AcceptedWarning[];
    acknowledgedAppropriateness?: boolean;
    idempotencyKey: string;
  },
  client: ApiClient = apiClient,
): Promise<TakeOfferResult> =>
  client.send(ops.postBulletinboardOfferInterestedParty, interestedPartyResult, {
    body: {
      offerId: input.offerId,
      shares: input.shares,
      ...(input.acceptedWarnings?.length ? { acceptedWarnings: [...input.acceptedWarnings] } : {}),
      ...(input.acknowledgedAppropriateness ? { acknowledgedAppropriateness: true } : {}),
    },
    headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey },
  });
