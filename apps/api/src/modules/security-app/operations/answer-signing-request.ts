import type { SigningRequestView } from '@bw/contracts';
import type { Db } from '@bw/db';
import { transactionThen } from '../../../lib/after-commit.js';
import { AppError } from '../../../lib/app-error.js';
import type { SettlementRegistry } from '../../../platform/settlements.js';
import { verifyEd25519 } from '../ed25519.js';
import {
  findLiveApp,
  findSigningRequest,
  findSigningRequestWithApp,
  recordSignatureIfStillValid,
  type SecurityAppRow,
  type SigningRequestRow,
} from '../security-app.repo.js';
import { callerActor, type SecurityAppCaller } from '../security-app-caller.js';
import { recordSigningOutcome, settleSigningOutcome, toSigningRequestView } from '../signing-requests.js';

type Answer = { kind: 'approve'; signature: string } | { kind: 'reject' };

/** The app allowed to answer for this caller: the linked one, and for a device only itself. */
const allowedApp = (app: SecurityAppRow | null, caller: SecurityAppCaller): SecurityAppRow & { publicKey: string } => {
  if (app?.status !== 'active' || !app.publicKey) throw new AppError('SECURITY_APP_NOT_CONNECTED');
  if (caller.via === 'device' && caller.securityAppId !== app.id) throw new AppError('SECURITY_APP_UNAUTHENTICATED');
  return { ...app, publicKey: app.publicKey };
};

const answeringApp = async (tx: Db, caller: SecurityAppCaller): Promise<SecurityAppRow> =>
  allowedApp(await findLiveApp(tx, caller.userId), caller);

/**
 * The usual approval, with the signature checked before any lock is taken (ADR 0017): read the
 * request and the app, verify, then record the signature in one statement that holds only if
 * nothing changed in between, and run the kind's settlement (a purchase settles) in the same transaction.
 * Null when the request is not a plain pending, unexpired one: the locked path below decides then.
 */
const approveUnlocked = async (
  db: Db,
  settlements: SettlementRegistry,
  caller: SecurityAppCaller,
  requestId: string,
  signature: string,
  now: Date,
): Promise<SigningRequestView | null> => {
  const found = await findSigningRequestWithApp(db, caller.userId, requestId);
  if (found?.request.status !== 'pending' || found.request.expiresAt <= now) return null;
  const app = allowedApp(found.app, caller);
  if (!verifyEd25519(app.publicKey, found.request.canonicalPayload, signature)) throw new AppError('SIGNATURE_INVALID');
  const resolved: SigningRequestRow = {
    ...found.request,
    status: 'signed',
    signature: signature.trim(),
    securityAppId: app.id,
    resolvedAt: now,
  };
  return transactionThen(db, async (tx) => {
    const recorded = await recordSignatureIfStillValid(tx, {
      requestId,
      userId: caller.userId,
      appId: app.id,
      publicKey: app.publicKey,
      signature: resolved.signature ?? '',
      actor: callerActor(caller),
      now,
    });
    return recorded ? settleSigningOutcome(tx, settlements, resolved) : null;
  });
};

/**
 * The app's own answer sent again, e.g. after its first answer's response was lost: the same
 * signature bytes (Ed25519 signs deterministically, so a resend is byte-identical) or the same
 * rejection, from the app that answered. It is answered with the recorded outcome and changes
 * nothing, so a retry learns what happened instead of an error (issue 41's exactly-once promise).
 */
const isResentAnswer = async (
  tx: Db,
  caller: SecurityAppCaller,
  row: SigningRequestRow,
  answer: Answer,
): Promise<boolean> => {
  const same =
    answer.kind === 'approve'
      ? row.status === 'signed' && row.signature === answer.signature.trim()
      : row.status === 'rejected';
  if (!same) return false;
  const app = await findLiveApp(tx, caller.userId);
  return app !== null && app.id === row.securityAppId && (caller.via !== 'device' || caller.securityAppId === app.id);
};

/**
 * Approve (with the Ed25519 signature over the stored canonical payload) or reject a pending
 * request. Refused: another key's signature or a signature over other bytes (SIGNATURE_INVALID),
 * an answered request (SIGNING_REQUEST_NOT_PENDING) unless it is the same app's same answer sent
 * again (answered with the recorded outcome, nothing applied twice), an expired one
 * (SIGNING_REQUEST_EXPIRED; it is marked expired and its settlement runs).
 */
const answerSigningRequest = async (
  db: Db,
  settlements: SettlementRegistry,
  caller: SecurityAppCaller,
  requestId: string,
  answer: Answer,
  now: Date,
): Promise<SigningRequestView> => {
  const outcome = await transactionThen(
    db,
    async (tx): Promise<{ expired: true } | { expired: false; view: SigningRequestView }> => {
      const row: SigningRequestRow | null = await findSigningRequest(tx, caller.userId, requestId, { lock: true });
      if (!row) throw new AppError('SIGNING_REQUEST_NOT_FOUND');
      if (row.status === 'expired') throw new AppError('SIGNING_REQUEST_EXPIRED');
      if (row.status !== 'pending') {
        if (await isResentAnswer(tx, caller, row, answer)) return { expired: false, view: toSigningRequestView(row) };
        throw new AppError('SIGNING_REQUEST_NOT_PENDING');
      }
      if (row.expiresAt <= now) {
        await recordSigningOutcome(tx, settlements, row, { status: 'expired', actor: 'system', now });
        return { expired: true };
      }
      const app = await answeringApp(tx, caller);
      if (answer.kind === 'approve') {
        if (!app.publicKey || !verifyEd25519(app.publicKey, row.canonicalPayload, answer.signature))
          throw new AppError('SIGNATURE_INVALID');
        const view = await recordSigningOutcome(tx, settlements, row, {
          status: 'signed',
          signature: answer.signature.trim(),
          securityAppId: app.id,
          actor: callerActor(caller),
          now,
        });
        return { expired: false, view };
      }
      const view = await recordSigningOutcome(tx, settlements, row, {
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

export const approveSigningRequest = async (
  db: Db,
  settlements: SettlementRegistry,
  caller: SecurityAppCaller,
  requestId: string,
  signature: string,
  now = new Date(),
): Promise<SigningRequestView> =>
  (await approveUnlocked(db, settlements, caller, requestId, signature, now)) ??
  answerSigningRequest(db, settlements, caller, requestId, { kind: 'approve', signature }, now);

export const rejectSigningRequest = (
  db: Db,
  settlements: SettlementRegistry,
  caller: SecurityAppCaller,
  requestId: string,
  now = new Date(),
): Promise<SigningRequestView> => answerSigningRequest(db, settlements, caller, requestId, { kind: 'reject' }, now);

export const getSigningRequest = async (db: Db, userId: string, requestId: string): Promise<SigningRequestView> => {
  const row = await findSigningRequest(db, userId, requestId, { lock: false });
  if (!row) throw new AppError('SIGNING_REQUEST_NOT_FOUND');
  return toSigningRequestView(row);
};
