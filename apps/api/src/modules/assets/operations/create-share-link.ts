import type { ShareLink } from '@bw/contracts';
import type { Db } from '@bw/db';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { ShortLinkProvider } from '../../../providers/short-links/short-link-provider.js';
import { resolvePartner } from '../../partners/operations/resolve-partner.js';
import { partnerLinkBase } from '../../partners/partner-url.js';
import { requireListedAsset } from './get-asset.js';

/**
 * POST /api/v1/assets/{id}/shareLink (ADR 0004): a short link to the asset page of the caller's
 * partner web app (deep link `asset/{id}`, spec section 2). Guests may share too.
 */
export const createShareLink = async (
  db: Db,
  provider: ShortLinkProvider,
  request: FastifyRequest,
  id: string,
  log: FastifyBaseLogger,
): Promise<ShareLink> => {
  const row = await requireListedAsset(db, id);
  const partner = await resolvePartner(db, request);
  const targetUrl = `${partnerLinkBase(request.server.config, partner)}/asset/${row.id}`;
  try {
    const { shortUrl } = await provider.createLink({ targetUrl, socialTitle: row.title });
    return { shortUrl, targetUrl };
  } catch (err) {
    log.warn({ err, assetId: id }, 'short link provider failed');
    throw new AppError('SHORT_LINK_FAILED');
  }
};
