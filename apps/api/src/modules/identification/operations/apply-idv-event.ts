import type { IdvEvent } from '@bw/contracts';
import type { Db } from '@bw/db';
import type { FastifyInstance } from 'fastify';
import { findUserById } from '../../users/users.repo.js';
import {
  findCurrentVerification,
  findSignatureById,
  findVerificationByProviderRef,
  recordWebhookEvent,
  setUserStatus,
  updateSignature,
  updateVerification,
  type VerificationChange,
  type VerificationRow,
} from '../identification.repo.js';
import { announceIdentificationVerdict, type CheckedOutcome } from '../identification-emails.js';

export type Applied = { outcome: 'applied' | 'duplicate' | 'ignored'; notifyUserId: string | null };
type IdentityChecked = Extract<IdvEvent, { type: 'identity.checked' }>;

/** Only a case under review takes a verdict; a late or repeated verdict for a settled case is ignored. */
const AWAITING_CHECK: VerificationRow['status'][] = ['pending', 'manualCheck'];

/**
 * The verdict mapped onto our statuses (spec section 3 enumerations, section 4 outcomes): success
 * verifies (unless the provider still wants a bank-account verification or a QES), pending is a
 * manual check, invalid or inconsistent data and a too-bright selfie ask to redo, rejected and
 * fraud end the attempt.
 */
const verdictChange = (event: IdentityChecked): { change: VerificationChange; email: CheckedOutcome | null } => {
  const decidedAt = new Date();
  switch (event.result) {
    case 'success':
      if (event.next === 'bav') return { change: { status: 'bavRequired', identityCheck: 'success' }, email: null };
      if (event.next === 'qes') return { change: { status: 'qesRequired', identityCheck: 'success' }, email: null };
      return { change: { status: 'success', identityCheck: 'success', decidedAt }, email: 'verified' };
    case 'pending':
      return { change: { status: 'manualCheck', identityCheck: 'pending' }, email: null };
    case 'invalid_data':
    case 'inconsistent_data':
      return {
        change: {
          status: event.reason === 'selfie_too_bright' ? 'kycRequired' : 'rejected',
          identityCheck: event.result,
          retake: event.reason === 'selfie_too_bright' ? 'selfie' : null,
          decidedAt,
        },
        email: 'retry',
      };
    case 'rejected':
    case 'fraud':
      return { change: { status: 'rejected', identityCheck: event.result, decidedAt }, email: 'failed' };
  }
};

const verifyUser = async (tx: Db, userId: string) => setUserStatus(tx, userId, 'verified', ['new', 'pending']);

const emailUser = async (
  app: FastifyInstance,
  tx: Db,
  userId: string,
  key: string,
  outcome: CheckedOutcome,
): Promise<void> => {
  const user = await findUserById(tx, userId);
  if (!user) return;
  await announceIdentificationVerdict(app, tx, { key, user, outcome });
};

const applyIdentityChecked = async (app: FastifyInstance, tx: Db, event: IdentityChecked): Promise<Applied> => {
  const verification = await findVerificationByProviderRef(tx, event.caseId);
  if (!verification || !AWAITING_CHECK.includes(verification.status)) return { outcome: 'ignored', notifyUserId: null };
  const { change, email } = verdictChange(event);
  await updateVerification(tx, verification.id, change);
  if (change.status === 'success') await verifyUser(tx, verification.userId);
  // Not verified: back to new, so the header asks for the identification again; a late verdict
  // on an attempt the user already replaced leaves the newer attempt's status alone.
  const current = (await findCurrentVerification(tx, verification.userId))?.id === verification.id;
  if (current && (email === 'retry' || email === 'failed')) {
    await setUserStatus(tx, verification.userId, 'new', ['pending']);
  }
  if (email) await emailUser(app, tx, verification.userId, `idv-checked:${event.eventId}`, email);
  return { outcome: 'applied', notifyUserId: verification.userId };
};

const applyBavCompleted = async (
  app: FastifyInstance,
  tx: Db,
  event: Extract<IdvEvent, { type: 'bav.completed' }>,
): Promise<Applied> => {
  const verification = await findVerificationByProviderRef(tx, event.caseId);
  if (verification?.status !== 'bavRequired') return { outcome: 'ignored', notifyUserId: null };
  const success = event.result === 'success';
  await updateVerification(tx, verification.id, { status: success ? 'success' : 'rejected', decidedAt: new Date() });
  if (success) await verifyUser(tx, verification.userId);
  else await setUserStatus(tx, verification.userId, 'new', ['pending']);
  await emailUser(app, tx, verification.userId, `idv-bav:${event.eventId}`, success ? 'verified' : 'failed');
  return { outcome: 'applied', notifyUserId: verification.userId };
};

const applySignatureCompleted = async (
  app: FastifyInstance,
  tx: Db,
  event: Extract<IdvEvent, { type: 'signature.completed' }>,
): Promise<Applied> => {
  const signature = await findSignatureById(tx, event.signingRequestId);
  if (signature?.status !== 'pending') return { outcome: 'ignored', notifyUserId: null };
  const signedAt = event.result === 'signed' ? new Date() : null;
  await updateSignature(tx, signature.id, { status: event.result, signedAt });
  if (signedAt) {
    // A QES the provider asked for completes the identification too.
    const verification = await findCurrentVerification(tx, signature.userId, true);
    if (verification?.status === 'qesRequired') {
      await updateVerification(tx, verification.id, { status: 'success', decidedAt: signedAt });
      await verifyUser(tx, signature.userId);
      await emailUser(app, tx, signature.userId, `idv-qes:${event.eventId}`, 'verified');
    }
  }
  return { outcome: 'applied', notifyUserId: signature.userId };
};

/**
 * One signed webhook event of an identification provider, applied once: the event id is recorded
 * in the same transaction, so a replay (or a second delivery) changes nothing.
 */
export const applyIdvEvent = (app: FastifyInstance, event: IdvEvent): Promise<Applied> =>
  app.db.transaction(async (tx) => {
    if (!(await recordWebhookEvent(tx, event.eventId, event.type))) return { outcome: 'duplicate', notifyUserId: null };
    switch (event.type) {
      case 'identity.checked':
        return applyIdentityChecked(app, tx, event);
      case 'bav.completed':
        return applyBavCompleted(app, tx, event);
      case 'signature.completed':
        return applySignatureCompleted(app, tx, event);
    }
  });
