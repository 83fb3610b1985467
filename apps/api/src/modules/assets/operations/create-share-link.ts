import type { ShareLink } from '@bw/contracts';
import type { Db } from '@bw/db';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { publicUrl } from '../../../config.js';
import { AppError } from '../../../lib/app-error.js';
import type { ShortLinkProvider } from '../../../providers/short-links/short-link-provider.js';
import { resolvePartner } from '../../partners/operations/resolve-partner.js';
import { requireListedAsset } from './get-asset.js';

const LOOPBACK = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/i;

/**
 * The web address links of a partner point at (issue 20): its configured public URL; a partner
 * configured with a loopback address (the development seed's `http://localhost:3000`) has no public
 * address of its own, so the server's `PUBLIC_URL` stands in, whatever port or host it runs on.
 */
export const partnerPublicUrl = (webAppUrl: string, serverUrl: string): string =>
  (LOOPBACK.test(webAppUrl) ? serverUrl : webAppUrl).replace(/\/+$/, '');

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
  const targetUrl = `${partnerPublicUrl(partner.webAppUrl, publicUrl(request.server.config))}/asset/${row.id}`;
  try {
    const { shortUrl } = await provider.createLink({ targetUrl, socialTitle: row.title });
    return { shortUrl, targetUrl };
  } catch (err) {
    log.warn({ err, assetId: id }, 'short link provider failed');
    throw new AppError('SHORT_LINK_FAILED');
  }
};
