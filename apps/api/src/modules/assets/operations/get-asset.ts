import type { AssetDetail } from '@bw/contracts';
import type { Db } from '@bw/db';
import type { FastifyRequest } from 'fastify';
import { balanceOf } from '../../../ledger/ledger.js';
import { AppError } from '../../../lib/app-error.js';
import { resolvePartner } from '../../partners/operations/resolve-partner.js';
import { documentUrl, issuerOffer, toAssetDetail } from '../asset-mappers.js';
import {
  type AssetRow,
  countLikes,
  findListedAsset,
  likedAssetIds,
  listDocuments,
  listRecords,
} from '../assets.repo.js';

/** Spec section 3, Platform info: "The default fee falls back to 0." */
const DEFAULT_FEE_BPS = 0;

export const requireListedAsset = async (db: Db, id: string): Promise<AssetRow> => {
  const row = await findListedAsset(db, id);
  if (!row) throw new AppError('ASSET_NOT_FOUND');
  return row;
};

export const partnerFees = async (db: Db, request: FastifyRequest) => {
  const partner = await resolvePartner(db, request);
  return {
    transactionFeeBps: partner.transactionFeeBps ?? DEFAULT_FEE_BPS,
    brokerageFeeBps: partner.brokerageFeeBps ?? DEFAULT_FEE_BPS,
  };
};

/** The shares the user owns of an asset: free ones and those reserved for their own sell offers. */
const ownedShares = async (db: Db, userId: string, assetId: string): Promise<number> => {
  const [free, held] = await Promise.all([
    balanceOf(db, { kind: 'user_shares', userId, assetId }),
    balanceOf(db, { kind: 'user_shares_held', userId, assetId }),
  ]);
  return Number(free + held);
};

/** GET /api/v2/assets/{id}: every field of spec section 3 with records, documents and offers. */
export const getAsset = async (db: Db, request: FastifyRequest, id: string): Promise<AssetDetail> => {
  const row = await requireListedAsset(db, id);
  const user = request.sessionUser;
  const [fees, likes, liked, records, documents, shares] = await Promise.all([
    partnerFees(db, request),
    countLikes(db, id),
    user ? likedAssetIds(db, user.userId).then((ids) => ids.has(id)) : Promise.resolve(false),
    listRecords(db, id),
    listDocuments(db, id),
    user ? ownedShares(db, user.userId, id) : Promise.resolve(0),
  ]);
  const offer = issuerOffer(row, fees.transactionFeeBps);
  return toAssetDetail(
    row,
    {
      fees,
      likes,
      liked,
      records,
      documents: documents.map((doc) => ({ ...doc, url: documentUrl(id, doc.id) })),
      offers: offer ? [offer] : [],
      shares,
    },
    Date.now(),
  );
};
