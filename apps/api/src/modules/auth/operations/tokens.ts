import type { Db } from '@bw/db';
import { oneTimeSecretState } from '@bw/domain';
import { AppError } from '../../../lib/app-error.js';
import { type AuthTokenPurpose, type AuthTokenRow, consumeAuthToken, findAuthTokenByHash } from '../auth.repo.js';
import { sha256 } from '../secrets.js';

/** Redeems a link token of one of these purposes exactly once; anything else is TOKEN_INVALID. */
export const redeemLinkToken = async (
  db: Db,
  token: string,
  purposes: AuthTokenPurpose[],
  now: Date,
): Promise<AuthTokenRow> => {
  const row = await findAuthTokenByHash(db, sha256(token));
  if (!row || !purposes.includes(row.purpose) || oneTimeSecretState(row, now) !== 'valid') {
    throw new AppError('TOKEN_INVALID');
  }
  if (!(await consumeAuthToken(db, row.id, now))) throw new AppError('TOKEN_INVALID');
  return row;
};
