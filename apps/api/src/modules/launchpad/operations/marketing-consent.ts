import type { Db } from '@bw/db';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../../plugins/session-user.js';
import { findMarketingConsent, upsertMarketingConsent } from '../../assets/assets.repo.js';
import { requireListedAsset } from '../../assets/operations/get-asset.js';
import { resolvePartner } from '../../partners/operations/resolve-partner.js';

/**
 * The issuer (SPV) asks each investor once for consent to its marketing channels (feature flag
 * `marketingConsent`, spec section 1). A type counts as answered once the user said yes or no to it.
 */
export const neededMarketingTypes = async (
  db: Db,
  request: FastifyRequest,
  user: SessionUser,
  assetId: string,
): Promise<string[]> => {
  const row = await requireListedAsset(db, assetId);
  const partner = await resolvePartner(db, request);
  if (!partner.featureFlags.marketingConsent) return [];
  const answer = await findMarketingConsent(db, user.userId, assetId);
  const answered = new Set(answer?.marketingTypes ?? []);
  return row.marketingTypes.filter((type) => !answered.has(type));
};

export const recordMarketingConsent = async (
  db: Db,
  user: SessionUser,
  assetId: string,
  marketingConsent: boolean,
): Promise<{ assetId: string; marketingConsent: boolean; neededMarketingTypes: string[] }> => {
  const row = await requireListedAsset(db, assetId);
  await upsertMarketingConsent(db, {
    userId: user.userId,
    assetId,
    marketingConsent,
    marketingTypes: row.marketingTypes,
  });
  return { assetId, marketingConsent, neededMarketingTypes: [] };
};
