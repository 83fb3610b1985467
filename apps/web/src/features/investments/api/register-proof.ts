import * as ops from '@bw/api-client/operations';
import { ApiError, urlOf } from '../../../lib/api-client';

/** `GET /api/v1/user/register/proof/{assetId}`: the investor's register proof file (issue 39), as a blob. */
export const fetchRegisterProof = async (assetId: string): Promise<Blob> => {
  const response = await fetch(urlOf(ops.getUserRegisterProofByAssetId, { path: { assetId } }), {
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiError(
      response.status,
      body?.error?.code ?? 'UNKNOWN',
      body?.error?.message ?? response.statusText,
      {},
    );
  }
  return response.blob();
};
