import * as ops from '@bw/api-client/operations';
import type { ShareLink } from '@bw/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { guard, objectOf, str } from '../../../lib/guard';

/** Guard for `shareLink` (@bw/contracts): sharing starts on the marketplace's initial screen. */
const shareLinkGuard = guard<ShareLink>(objectOf({ shortUrl: str, targetUrl: str }));

/** POST /api/v1/assets/{id}/shareLink: a short link to the asset page (spec section 7, short links). */
export const createShareLink = (client: ApiClient, assetId: string): Promise<ShareLink> =>
  client.send(ops.postAssetsByIdShareLink, shareLinkGuard, { path: { id: assetId } });
