import type { IdentificationProvider, StartIdentificationBody } from '@bw/contracts';
import { AppError } from '../../../lib/app-error.js';
import { findUserById } from '../../users/users.repo.js';
import { findCurrentVerification, hasFraudVerdict, insertVerification, setUserStatus } from '../identification.repo.js';
import { type IdentificationContext, REALTIME_REASON } from '../identification-context.js';
import { canStartAgain } from './get-identification-state.js';

/**
 * Checks that a new identification may begin: not yet verified, nothing under review, no fraud
 * verdict (spec section 4: a failed identification may be retried, fraud goes to support).
 */
const assertMayStart = async (context: IdentificationContext, userId: string) => {
  const db = context.app.db;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.status === 'verified' || user.status === 'active') throw new AppError('ALREADY_VERIFIED');
  if (await hasFraudVerdict(db, userId)) throw new AppError('IDENTIFICATION_BLOCKED');
  const current = await findCurrentVerification(db, userId);
  if (!canStartAgain(current, false)) throw new AppError('IDENTIFICATION_IN_PROGRESS');
  return user;
};

/** `POST /api/v1/identification/docident`: opens a case; document and selfie come next. */
export const startDocumentIdent = async (
  context: IdentificationContext,
  userId: string,
  body: StartIdentificationBody,
): Promise<void> => {
  const user = await assertMayStart(context, userId);
  const { caseId } = await context.provider.documentIdent.openCase({ reference: userId });
  await insertVerification(context.app.db, {
    userId,
    provider: 'docident' satisfies IdentificationProvider,
    providerRef: caseId,
    status: 'kycRequired',
    documentType: body.documentType,
    documentNumber: body.documentNumber.toUpperCase(),
  });
  context.app.bus.publishUserUpdate(user.email, REALTIME_REASON);
};

/** `POST /api/v1/identification/videoident`: the provider's ident id (`data.idNowId`); the call happens there. */
export const startVideoIdent = async (context: IdentificationContext, userId: string): Promise<{ idNowId: string }> => {
  const user = await assertMayStart(context, userId);
  const { identId } = await context.provider.videoIdent.startIdent({
    reference: userId,
    lastName: user.lastName ?? '',
  });
  const now = new Date();
  await context.app.db.transaction(async (tx) => {
    await insertVerification(tx, {
      userId,
      provider: 'videoident',
      providerRef: identId,
      status: 'pending',
      identityCheck: 'pending',
      submissions: 1,
      submittedAt: now,
    });
    // Spec section 4: submitted and under review.
    await setUserStatus(tx, userId, 'pending', ['new']);
  });
  context.app.bus.publishUserUpdate(user.email, REALTIME_REASON);
  return { idNowId: identId };
};
