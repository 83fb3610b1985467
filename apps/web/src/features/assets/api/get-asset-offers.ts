import * as ops from '@bw/api-client/operations';
import type { Offer } from '@bw/contracts';
import { offerStatuses, offerTypes, offerVisibilities } from '@bw/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';
import {
  arrayOf,
  type Checked,
  guard,
  int,
  literal,
  nullable,
  objectOf,
  oneOf,
  type SameType,
  str,
} from '../../../lib/guard';
import { cents } from './asset-summary-guard';

/**
 * The asset page (and the trading and bulletin board screens) check their answers with hand-written
 * guards instead of the zod contracts (`offer` in @bw/contracts): zod would cost each of these lazy
 * screens 24 KB and its start-up work. The type proof below and `get-asset-offers.test.ts` (guard vs.
 * zod on the demo catalogue's shapes) keep it equal to the contract.
 */

const nullOnly = literal(null);

const offerParty = objectOf({ kind: oneOf(['issuer', 'investor']), name: str });

/** Spec section 3, Offer; also part of the asset detail (get-asset.ts). */
export const checkOffer = objectOf({
  offerId: str,
  assetId: str,
  status: oneOf(offerStatuses),
  type: oneOf(offerTypes),
  visibility: oneOf(offerVisibilities),
  firstParty: offerParty,
  secondParty: nullable(offerParty),
  amount: cents,
  sharesAmount: int,
  price: cents,
  totalPrice: cents,
  transactionFee: cents,
  transactionTotalAmount: cents,
  transactionFeeBps: int,
  interestedParty: nullable(offerParty),
  signingRequest: nullOnly,
  deleteRequest: nullOnly,
});

export const offerGuardsMatchContracts: [SameType<Checked<typeof checkOffer>, Offer>] = [true];

const offerListGuard = guard<Offer[]>(arrayOf(checkOffer));

/** GET /api/v2/assets/{id}/offers (spec section 7): the issuer's offer and, later, investors' offers. */
export const getAssetOffers = (client: ApiClient, id: string): Promise<Offer[]> =>
  client.get(ops.getAssetsByIdOffers, offerListGuard, { path: { id } });

export const assetOffersQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['asset', id, 'offers'], queryFn: () => getAssetOffers(apiClient, id), retry: false });

export const useAssetOffers = (id: string) => useQuery(assetOffersQueryOptions(id));
