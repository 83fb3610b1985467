import { assets, type Db } from '@bw/db';
import { buyerConfirmationRefusal } from '@bw/domain';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';
import { appropriatenessOfRow } from '../onboarding/knowledge-and-experience/appropriateness.js';
import { findKaeRow } from '../onboarding/knowledge-and-experience/knowledge-and-experience.repo.js';

/**
 * A buy on the bulletin board asks the same two confirmations as a buy from the issuer (one shared
 * rule, `buyerConfirmationRefusal`): over EUR 5,000 the `Accepted5KLimit`, and the appropriateness
 * warning when the buyer's knowledge and experience do not fit the product. Refused with the
 * primary market's codes and German messages, and the buyer's rating as a field.
 */
export const assertBuyerConfirmed = async (
  tx: Db,
  input: {
    userId: string;
    assetId: string;
    amountCents: bigint;
    acceptedWarnings: readonly string[];
    acknowledgedAppropriateness: boolean;
  },
): Promise<void> => {
  const [asset] = await tx
    .select({ securityType: assets.securityType })
    .from(assets)
    .where(eq(assets.id, input.assetId));
  if (!asset) throw new AppError('ASSET_NOT_FOUND');
  const appropriateness = appropriatenessOfRow(await findKaeRow(tx, input.userId), asset.securityType);
  const refusal = buyerConfirmationRefusal({ ...input, appropriateness });
  if (refusal) throw new AppError(refusal, { rating: appropriateness });
};
