import type { SigningRequestView } from '@bw/contracts';
import type { Db } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import { verifyEd25519 } from '../ed25519.js';
import { findLiveApp, findSigningRequest, type SecurityAppRow, type SigningRequestRow } from '../security-app.repo.js';
import { callerActor, type SecurityAppCaller } from '../security-app-caller.js';
import { recordSigningOutcome, toSigningRequestView } from '../signing-requests.js';

type Answer = { kind: 'approve'; signature: string } | { kind: 'reject' };

/** The app allowed to answer for this caller: the linked one, and for a device only itself. */
const answeringApp = async (tx: Db, caller: SecurityAppCaller): Promise<SecurityAppRow> => {
  const app = await findLiveApp(tx, caller.userId);
  if (app?.status !== 'active' || !app.publicKey) throw new AppError('SECURITY_APP_NOT_CONNECTED');
  if (caller.via === 'device' && caller.securityAppId !== app.id) throw new AppError('SECURITY_APP_UNAUTHENTICATED');
  return app;
};

/**
 * Approve (with the Ed25519 signature over the stored canonical payload) or reject a pending
 * request. Refused: another key's signature or a signature over other bytes (SIGNATURE_INVALID),
 * an answered request, so a replayed signature (SIGNING_REQUEST_NOT_PENDING), an expired one
 * (SIGNING_REQUEST_EXPIRED; it is marked expired and its hooks run).
 */
const answerSigningRequest = async (
  db: Db,
  caller: SecurityAppCaller,
  requestId: string,
  answer: Answer,
  now: Date,
): Promise<SigningRequestView> => {
  const outcome = await db.transaction(
    async (tx): Promise<{ expired: true } | { expired: false; view: SigningRequestView }> => {
      const row: SigningRequestRow | null = await findSigningRequest(tx, caller.userId, requestId, { lock: true });
      if (!row) throw new AppError('SIGNING_REQUEST_NOT_FOUND');
      if (row.status === 'expired') throw new AppError('SIGNING_REQUEST_EXPIRED');
      if (row.status !== 'pending') throw new AppError('SIGNING_REQUEST_NOT_PENDING');
      if (row.expiresAt <= now) {
        await recordSigningOutcome(tx, row, { status: 'expired', actor: 'system', now });
        return { expired: true };
      }
      const app = await answeringApp(tx, caller);
      if (answer.kind === 'approve') {
        if (!app.publicKey || !verifyEd25519(app.publicKey, row.canonicalPayload, answer.signature))
          throw new AppError('SIGNATURE_INVALID');
        const view = await recordSigningOutcome(tx, row, {
          status: 'signed',
          signature: answer.signature.trim(),
          securityAppId: app.id,
          actor: callerActor(caller),
          now,
        });
        return { expired: false, view };
      }
      const view = await recordSigningOutcome(tx, row, {
        status: 'rejected',
        securityAppId: app.id,
        actor: callerActor(caller),
        now,
      });
      return { expired: false, view };
    },
  );
  // The expiry is committed before the refusal is thrown, so the flow learns it too.
  if (outcome.expired) throw new AppError('SIGNING_REQUEST_EXPIRED');
  return outcome.view;
};

export const approveSigningRequest = (
  db: Db,
  caller: SecurityAppCaller,
  requestId: string,
  signature: string,
  now = new Date(),
): Promise<SigningRequestView> => answerSigningRequest(db, caller, requestId, { kind: 'approve', signature }, now);

export const rejectSigningRequest = (
  db: Db,
  caller: SecurityAppCaller,
  requestId: string,
  now = new Date(),
): Promise<SigningRequestView> => answerSigningRequest(db, caller, requestId, { kind: 'reject' }, now);

export const getSigningRequest = async (db: Db, userId: string, requestId: string): Promise<SigningRequestView> => {
  const row = await findSigningRequest(db, userId, requestId, { lock: false });
  if (!row) throw new AppError('SIGNING_REQUEST_NOT_FOUND');
  return toSigningRequestView(row);
};
