import type { InitInvestmentBody, PurchaseView } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { type InitInvestmentInput, initInvestment } from './init-investment.js';

type Caller = Pick<SessionUser, 'userId' | 'email'>;

/** A purchase changed: the buyer's clients refresh it and its signing request, everyone the asset. */
export const announcePurchase = (app: FastifyInstance, email: string, assetId: string): void => {
  app.bus.publishUserUpdate(email, 'purchase');
  app.bus.publishUserUpdate(email, 'signingRequest');
  app.bus.publishAssetsUpdate([assetId]);
};

/** `POST /api/v1/assets/initInvestment/{id}`: buy shares from the issuer in the financing phase. */
export const buyFromIssuer = async (
  app: FastifyInstance,
  user: Caller,
  input: Omit<InitInvestmentInput, 'userId' | 'now'>,
): Promise<PurchaseView> => {
  const data = await initInvestment(app.db, { ...input, userId: user.userId, now: new Date() });
  announcePurchase(app, user.email, data.assetId);
  return data;
};

/**
 * `POST /launchpad/api/v1/asset/manual-investment`: a builder-owner purchase, signed by the drawn
 * signatures of its agreements, each of which must be there.
 */
export const buyWithDrawnSignatures = async (
  app: FastifyInstance,
  user: Caller,
  input: InitInvestmentBody & { assetId: string; signatures: string[]; idempotencyKey: string | null },
): Promise<PurchaseView> => {
  const { signatures, ...rest } = input;
  if (signatures.length === 0 || signatures.some((signature) => signature.trim() === ''))
    throw new AppError('MANUAL_INVESTMENT_SIGNATURES_REQUIRED');
  return buyFromIssuer(app, user, { ...rest, manualSignatures: signatures });
};
