import type { IdentificationProvider, StartIdentificationBody } from '@bw/contracts';
import { type Db, personalInformation } from '@bw/db';
import { eq } from 'drizzle-orm';
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

/**
 * `POST /api/v1/identification/docident`: opens a case; document and selfie come next. The provider
 * is called outside the transaction (a real provider's adapter records its objects itself): the
 * lock is taken before and after; a start that finds a case opened meanwhile reuses it (issue 18:
 * concurrent starts end with one case).
 */
export const startDocumentIdent = async (
  context: IdentificationContext,
  userId: string,
  body: StartIdentificationBody,
): Promise<void> => {
  const documentNumber = body.documentNumber.toUpperCase();
  const reuseOpenCase = async (tx: Db) => {
    await lockUserScope(tx, IDENTIFICATION_LOCK_SCOPE, userId);
    const { user, current } = await assertMayStart(tx, userId);
    if (current?.provider === 'docident' && current.status === 'kycRequired') {
      await updateVerification(tx, current.id, { documentType: body.documentType, documentNumber });
      return { user, reused: true };
    }
    return { user, reused: false };
  };
  const first = await context.app.db.transaction(reuseOpenCase);
  if (!first.reused) {
    const { caseId } = await context.provider.documentIdent.openCase({
      reference: userId,
      firstName: first.user.firstName ?? '',
      lastName: first.user.lastName ?? '',
      email: first.user.email,
    });
    await context.app.db.transaction(async (tx) => {
      if ((await reuseOpenCase(tx)).reused) return;
      await insertVerification(tx, {
        userId,
        provider: 'docident' satisfies IdentificationProvider,
        providerRef: caseId,
        status: 'kycRequired',
        documentType: body.documentType,
        documentNumber,
      });
    });
  }
  context.app.bus.publishUserUpdate(first.user.email, REALTIME_REASON);
};

/**
 * `POST /api/v1/identification/videoident`: the provider's ident id (`data.idNowId`); the call
 * happens there. Checked, then the provider is called outside the transaction, then checked again
 * under the lock: the second of two concurrent starts finds the first one pending and answers 409.
 */
export const startVideoIdent = async (
  context: IdentificationContext,
  userId: string,
): Promise<{ idNowId: string; redirectUrl?: string }> => {
  const now = new Date();
  const { user } = await assertMayStart(context.app.db, userId);
  const [info] = await context.app.db.select().from(personalInformation).where(eq(personalInformation.userId, userId));
  const { identId, redirectUrl } = await context.provider.videoIdent.startIdent({
    reference: userId,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    birthDate: info?.birthDate ?? null,
    nationality: info?.nationality ?? null,
  });
  await context.app.db.transaction(async (tx) => {
    await lockUserScope(tx, IDENTIFICATION_LOCK_SCOPE, userId);
    await assertMayStart(tx, userId);
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
  return redirectUrl ? { idNowId: identId, redirectUrl } : { idNowId: identId };
};
