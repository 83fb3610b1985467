import type { IdentificationProvider, StartIdentificationBody } from '@bw/contracts';
import type { Db } from '@bw/db';
import { lockUserScope } from '../../../lib/advisory-lock.js';
import { AppError } from '../../../lib/app-error.js';
import { findUserById } from '../../users/users.repo.js';
import {
  findCurrentVerification,
  hasFraudVerdict,
  IDENTIFICATION_LOCK_SCOPE,
  insertVerification,
  setUserStatus,
  updateVerification,
} from '../identification.repo.js';
import { type IdentificationContext, REALTIME_REASON } from '../identification-context.js';
import { canStartAgain } from './get-identification-state.js';

/**
 * Checks that a new identification may begin: not yet verified, nothing under review, no fraud
 * verdict (spec section 4: a failed identification may be retried, fraud goes to support).
 */
const assertMayStart = async (db: Db, userId: string) => {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.status === 'verified' || user.status === 'active') throw new AppError('ALREADY_VERIFIED');
  if (await hasFraudVerdict(db, userId)) throw new AppError('IDENTIFICATION_BLOCKED');
  const current = await findCurrentVerification(db, userId);
  if (!canStartAgain(current, false)) throw new AppError('IDENTIFICATION_IN_PROGRESS');
  return { user, current };
};

/** `POST /api/v1/identification/docident`: opens a case; document and selfie come next. */
export const startDocumentIdent = async (
  context: IdentificationContext,
  userId: string,
  body: StartIdentificationBody,
): Promise<void> => {
  const documentNumber = body.documentNumber.toUpperCase();
  // One start of a user at a time (issue 18): concurrent starts queue on the lock, the first opens
  // the provider case, the others find it still waiting for the document and reuse it.
  const user = await context.app.db.transaction(async (tx) => {
    await lockUserScope(tx, IDENTIFICATION_LOCK_SCOPE, userId);
    const { user, current } = await assertMayStart(tx, userId);
    if (current?.provider === 'docident' && current.status === 'kycRequired') {
      await updateVerification(tx, current.id, { documentType: body.documentType, documentNumber });
      return user;
    }
    const { caseId } = await context.provider.documentIdent.openCase({ reference: userId });
    await insertVerification(tx, {
      userId,
      provider: 'docident' satisfies IdentificationProvider,
      providerRef: caseId,
      status: 'kycRequired',
      documentType: body.documentType,
      documentNumber,
    });
    return user;
  });
  context.app.bus.publishUserUpdate(user.email, REALTIME_REASON);
};

/** `POST /api/v1/identification/videoident`: the provider's ident id (`data.idNowId`); the call happens there. */
export const startVideoIdent = async (context: IdentificationContext, userId: string): Promise<{ idNowId: string }> => {
  const now = new Date();
  // Serialized per user like the document ident: the second of two concurrent starts finds the
  // first one pending and answers 409, so only one ident is opened at the provider.
  const { user, identId } = await context.app.db.transaction(async (tx) => {
    await lockUserScope(tx, IDENTIFICATION_LOCK_SCOPE, userId);
    const { user } = await assertMayStart(tx, userId);
    const { identId } = await context.provider.videoIdent.startIdent({
      reference: userId,
      lastName: user.lastName ?? '',
    });
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
    return { user, identId };
  });
  context.app.bus.publishUserUpdate(user.email, REALTIME_REASON);
  return { idNowId: identId };
};
