import { randomUUID } from 'node:crypto';
import type { SigningRequestView } from '@bw/contracts';
import type { Db } from '@bw/db';
import {
  canonicalSigningPayload,
  describeSigningDetails,
  parseCanonicalSigningPayload,
  SIGNING_PROTOCOL,
  type SigningDetails,
  type SigningKind,
  signingDetailsProblem,
  signingKinds,
  signingRequestTitle,
} from '@bw/domain';
import { AppError } from '../../lib/app-error.js';
import type { SettlementRegistry, SigningOutcomeStatus } from '../../platform/settlements.js';
import { randomNonce } from './ed25519.js';

export { signingRequestForActiveAppCtes } from './security-app.repo.js';

import {
  audit,
  findSigningRequest,
  insertSigningRequestForActiveApp,
  lockOverdueSigningRequests,
  resolveSigningRequestRow,
  type SigningRequestRow,
} from './security-app.repo.js';

/**
 * The internal API of signing requests (docs/security-app-protocol.md): other modules create a
 * request inside their own transaction and learn the outcome through a hook that runs inside the
 * transaction recording it, so e.g. a buy settles exactly when its signature is stored. Who settles
 * which kind is the app's settlement registry (`settlements.ts`, built in app.ts), handed to every
 * function here that records an outcome.
 */

/** Limits on how long a request may wait for the app. */
export const SIGNING_REQUEST_MIN_SECONDS = 1;
export const SIGNING_REQUEST_MAX_SECONDS = 7 * 24 * 60 * 60;
export const SIGNING_REQUEST_DEFAULT_SECONDS = 15 * 60;

export type { SigningOutcome, SigningOutcomeHandler, SigningOutcomeStatus } from '../../platform/settlements.js';

const isSigningKind = (kind: string): kind is SigningKind => (signingKinds as readonly string[]).includes(kind);

export const toSigningRequestView = (row: SigningRequestRow): SigningRequestView => {
  const fields = parseCanonicalSigningPayload(row.canonicalPayload) ?? {};
  const kind = isSigningKind(row.kind) ? row.kind : 'test';
  return {
    id: row.id,
    kind,
    title: signingRequestTitle(kind, fields as SigningDetails),
    status: row.status,
    canonicalPayload: row.canonicalPayload,
    fields,
    lines: describeSigningDetails(fields as SigningDetails),
    nonce: row.nonce,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
};

export type CreateSigningRequestInput = {
  userId: string;
  kind: SigningKind;
  /** What is approved: asset, shares, price, amount, fee, counterparty or payee (strings; cents). */
  payload: SigningDetails;
  expiresInSeconds?: number;
  /** The clock; tests pass one. */
  now?: Date;
};

/**
 * Creates a pending request in the caller's transaction. Refuses with SECURITY_APP_NOT_CONNECTED
 * (spec section 8) when the user has no active app. After the caller's commit, publish
 * `app.bus.publishUserUpdate(email, 'signingRequest')` so open screens re-fetch.
 */
export const createSigningRequest = async (tx: Db, input: CreateSigningRequestInput): Promise<SigningRequestView> => {
  const row = draftSigningRequest(input);
  // Created only while the user's app is active; the app stays linked until the commit.
  if (!(await insertSigningRequestForActiveApp(tx, row))) throw new AppError('SECURITY_APP_NOT_CONNECTED');
  return toSigningRequestView(row);
};

/**
 * The pending request `createSigningRequest` writes, validated and with its canonical payload, not
 * written yet: for a caller that writes it in one statement with its own rows (a purchase from the
 * issuer, issue 27) through `signingRequestForActiveAppCtes`, under the same condition.
 */
export const draftSigningRequest = (input: CreateSigningRequestInput): SigningRequestRow => {
  const problem = signingDetailsProblem(input.payload);
  if (problem) throw new AppError('VALIDATION_FAILED', { payload: problem });
  const seconds = input.expiresInSeconds ?? SIGNING_REQUEST_DEFAULT_SECONDS;
  if (!Number.isInteger(seconds) || seconds < SIGNING_REQUEST_MIN_SECONDS || seconds > SIGNING_REQUEST_MAX_SECONDS)
    throw new AppError('VALIDATION_FAILED', { expiresInSeconds: 'Außerhalb des erlaubten Bereichs.' });

  const now = input.now ?? new Date();
  const id = randomUUID();
  const nonce = randomNonce();
  const expiresAt = new Date(now.getTime() + seconds * 1000);
  const fields: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.payload).filter((entry): entry is [string, string] => !!entry[1])),
    protocol: SIGNING_PROTOCOL,
    kind: input.kind,
    requestId: id,
    userId: input.userId,
    nonce,
    expiresAt: expiresAt.toISOString(),
  };
  return {
    id,
    userId: input.userId,
    kind: input.kind,
    canonicalPayload: canonicalSigningPayload(fields),
    nonce,
    status: 'pending',
    expiresAt,
    securityAppId: null,
    signature: null,
    resolvedAt: null,
    createdAt: now,
  };
};

/** Records an outcome and runs the kind's settlement, all in `tx`. */
export const recordSigningOutcome = async (
  tx: Db,
  settlements: SettlementRegistry,
  row: SigningRequestRow,
  outcome: {
    status: SigningOutcomeStatus;
    signature?: string;
    securityAppId?: string | null;
    actor: string;
    now: Date;
  },
): Promise<SigningRequestView> => {
  const resolved = await resolveSigningRequestRow(tx, row.id, {
    status: outcome.status,
    signature: outcome.signature ?? null,
    securityAppId: outcome.securityAppId ?? null,
    resolvedAt: outcome.now,
  });
  await audit(tx, {
    userId: row.userId,
    securityAppId: outcome.securityAppId ?? null,
    action: `signing-request-${outcome.status}`,
    actor: outcome.actor,
    detail: { requestId: row.id, kind: row.kind },
  });
  return settleSigningOutcome(tx, settlements, resolved);
};

/** Runs the settlement of a request's kind for the outcome it was just resolved with, in `tx`. */
export const settleSigningOutcome = async (
  tx: Db,
  settlements: SettlementRegistry,
  resolved: SigningRequestRow,
): Promise<SigningRequestView> => {
  const view = toSigningRequestView(resolved);
  if (resolved.status === 'pending') throw new Error('a pending request has no outcome');
  if (isSigningKind(resolved.kind))
    await settlements.settle(tx, resolved.kind, { status: resolved.status, request: view, userId: resolved.userId });
  return view;
};

export const EXPIRY_SWEEP_BATCH = 100;

/**
 * Marks overdue pending requests expired (one user's, or anyone's for the sweep job) and runs
 * their settlements; returns the users to notify.
 */
export const expireOverdueSigningRequests = async (
  db: Db,
  settlements: SettlementRegistry,
  options: { now: Date; userId?: string },
): Promise<{ userIds: string[] }> =>
  db.transaction(async (tx) => {
    const overdue = await lockOverdueSigningRequests(tx, options.now, EXPIRY_SWEEP_BATCH, options.userId);
    for (const row of overdue) {
      await recordSigningOutcome(tx, settlements, row, { status: 'expired', actor: 'system', now: options.now });
    }
    return { userIds: [...new Set(overdue.map((row) => row.userId))] };
  });

/**
 * Withdraws a pending request on the platform's side (e.g. the user cancels the purchase it
 * approves): it is recorded as rejected by `platform`, so the app can no longer sign it. The
 * kind's settlement runs as for any rejection; a request already answered is left as it is.
 */
/** Locks a signing request first: the head of the lock order (ADR 0023). */
export const lockSigningRequest = async (tx: Db, userId: string, requestId: string): Promise<void> => {
  await findSigningRequest(tx, userId, requestId, { lock: true });
};

export const withdrawSigningRequest = async (
  tx: Db,
  settlements: SettlementRegistry,
  input: { userId: string; requestId: string; now: Date },
): Promise<void> => {
  const row = await findSigningRequest(tx, input.userId, input.requestId, { lock: true });
  if (row?.status !== 'pending') return;
  await recordSigningOutcome(tx, settlements, row, { status: 'rejected', actor: 'platform', now: input.now });
};

/** The signed requests a purchase may be approved under: reinvestment, savings plan, auto-invest. */
const STANDING_ORDER_KINDS: ReadonlySet<string> = new Set(['mandate', 'savingsPlan', 'autoInvest']);

/**
 * Approves a pending request under a standing mandate the same user signed earlier (ADR 0034:
 * reinvestment, kind `mandate`; ADR 0045: savings plan, kind `savingsPlan`; ADR 0052: auto-invest,
 * kind `autoInvest`): the mandate's own request must be signed by the user's app; the request is
 * recorded as signed by `mandate:<mandate request id>` (no signature of its own, the mandate's
 * signature is the authorisation) and the kind's settlement runs as for a signature from the app.
 */

export const approveUnderMandate = async (
  tx: Db,
  settlements: SettlementRegistry,
  input: { userId: string; requestId: string; mandateRequestId: string; now: Date },
): Promise<SigningRequestView> => {
  const mandate = await findSigningRequest(tx, input.userId, input.mandateRequestId, { lock: false });
  if (!mandate || !STANDING_ORDER_KINDS.has(mandate.kind) || mandate.status !== 'signed' || !mandate.signature)
    throw new AppError('SIGNING_REQUEST_NOT_FOUND');
  const row = await findSigningRequest(tx, input.userId, input.requestId, { lock: true });
  if (row?.status !== 'pending') throw new AppError('SIGNING_REQUEST_NOT_FOUND');
  return recordSigningOutcome(tx, settlements, row, {
    status: 'signed',
    actor: `mandate:${input.mandateRequestId}`,
    now: input.now,
  });
};
