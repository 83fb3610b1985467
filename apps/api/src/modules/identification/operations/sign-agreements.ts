import { createHash, randomInt } from 'node:crypto';
import { SIGNATURE_OTP_DIGITS, TERMS_KINDS } from '@bw/contracts';
import type { Db } from '@bw/db';
import { formatNumericCode, oneTimeSecretState } from '@bw/domain';
import { lockUserScope } from '../../../lib/advisory-lock.js';
import { AppError } from '../../../lib/app-error.js';
import { findTermsAcceptance } from '../../onboarding/onboarding.repo.js';
import { termsColumn } from '../../onboarding/onboarding-state.js';
import { findUserById, type UserRow } from '../../users/users.repo.js';
import {
  findCurrentSignature,
  findCurrentVerification,
  findOpenSignature,
  IDENTIFICATION_LOCK_SCOPE,
  insertDocument,
  insertSignature,
  type SignatureRow,
  updateSignature,
} from '../identification.repo.js';
import { type IdentificationContext, REALTIME_REASON } from '../identification-context.js';
import { legalDocumentTitles, renderLegalDocument } from './legal-documents.js';
import { checkUpload } from './upload-identification-file.js';

/** Limits of the signature's SMS code (docs/style.md: limits are named constants). */
export const SIGNATURE_OTP_TTL_MS = 5 * 60_000;
export const SIGNATURE_OTP_MAX_FAILED_ATTEMPTS = 5;
export const SIGNATURE_OTP_MAX_SENDS = 5;

/** Path data of a drawn signature: moves and lines only; at least one line makes it a signature. */
const SVG_PATH_PATTERN = /^[MLml0-9.,\s-]*$/;
const LINE_SEGMENT = /[Ll]\s*-?\d/;

/** Spec section 5: the signature must not be empty (its English text 'There is no signature in the field!' is in the English catalogue). */
export const isEmptySignature = (pathData: string): boolean =>
  !SVG_PATH_PATTERN.test(pathData) || !LINE_SEGMENT.test(pathData);

const otpHashOf = (signingRequestId: string, code: string): string =>
  createHash('sha256').update(`qes-otp|${signingRequestId}|${code}`).digest('hex');

const loadUser = async (db: Db, userId: string): Promise<UserRow> => {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
};

const notify = (context: IdentificationContext, user: UserRow) =>
  context.app.bus.publishUserUpdate(user.email, REALTIME_REASON);

/** The open signing request in the expected step, locked for the transaction. */
const openInStep = async (tx: Db, userId: string, step: SignatureRow['status']): Promise<SignatureRow> => {
  const open = await findOpenSignature(tx, userId);
  if (open?.status !== step) throw new AppError('SIGNATURE_STEP_INVALID');
  return open;
};

/**
 * `POST .../docident/signingRequest`: the qualified e-signature of the partner's agreements (every
 * legal document kind). Without a successful identity check it waits as `kyc_required`.
 */
export const createSigningRequest = async (context: IdentificationContext, userId: string): Promise<void> => {
  const user = await loadUser(context.app.db, userId);
  await context.app.db.transaction(async (tx) => {
    // Concurrent requests queue here: the first opens the signature, the others find it open.
    await lockUserScope(tx, IDENTIFICATION_LOCK_SCOPE, userId);
    const identityChecked = (await findCurrentVerification(tx, userId))?.identityCheck === 'success';
    const status = identityChecked ? 'user_consent_required' : 'kyc_required';
    const open = await findOpenSignature(tx, userId);
    if (open) {
      if (open.status === 'kyc_required' && identityChecked) await updateSignature(tx, open.id, { status });
      return;
    }
    if ((await findCurrentSignature(tx, userId))?.status === 'signed') throw new AppError('SIGNATURE_STEP_INVALID');
    await insertSignature(tx, { userId, status, documents: [...TERMS_KINDS] });
  });
  notify(context, user);
};

/** `POST .../signature {signature}`: the drawn signature and the consent; every checkbox must be ticked. */
export const submitSignature = async (
  context: IdentificationContext,
  userId: string,
  input: { signature: string; ipAddress: string },
): Promise<void> => {
  if (isEmptySignature(input.signature))
    throw new AppError('SIGNATURE_EMPTY', { 'body.signature': 'Im Feld ist noch keine Unterschrift.' });
  const user = await loadUser(context.app.db, userId);
  await context.app.db.transaction(async (tx) => {
    const open = await openInStep(tx, userId, 'user_consent_required');
    const terms = await findTermsAcceptance(tx, userId);
    const unaccepted = TERMS_KINDS.filter((kind) => !terms?.[termsColumn(kind)]);
    if (unaccepted.length > 0) {
      throw new AppError(
        'TERMS_NOT_ACCEPTED',
        Object.fromEntries(unaccepted.map((kind) => [`body.${kind}`, 'Bitte akzeptiere diese Bedingungen.'])),
      );
    }
    await updateSignature(tx, open.id, {
      status: 'selfie_required',
      signatureSha256: createHash('sha256').update(input.signature).digest('hex'),
      consentAt: new Date(),
      ipAddress: input.ipAddress,
    });
  });
  notify(context, user);
};

/** `POST .../signature/selfie` (file): the signer's liveness photo for the QES. */
export const submitSignatureSelfie = async (
  context: IdentificationContext,
  userId: string,
  bytes: Buffer,
): Promise<void> => {
  const contentType = checkUpload('signatureSelfie', bytes);
  const user = await loadUser(context.app.db, userId);
  await openInStep(context.app.db, userId, 'selfie_required');
  const stored = await context.storage.save(userId, bytes);
  await context.app.db.transaction(async (tx) => {
    const open = await openInStep(tx, userId, 'selfie_required');
    await insertDocument(tx, {
      userId,
      verificationId: (await findCurrentVerification(tx, userId))?.id ?? null,
      kind: 'signatureSelfie',
      storageKey: stored.storageKey,
      contentType,
      sizeBytes: bytes.length,
      sha256: stored.sha256,
    });
    await updateSignature(tx, open.id, { status: 'confirmation_required' });
  });
  notify(context, user);
};

/**
 * `POST .../signature/authorize` and `.../signature/resend`: sends a fresh SMS code through the
 * outbox (single use, expiring, limited tries; the old code dies). Authorize does not resend a
 * code that is still valid.
 */
export const sendSignatureCode = async (
  context: IdentificationContext,
  userId: string,
  mode: 'authorize' | 'resend',
  now: Date,
): Promise<void> => {
  const user = await loadUser(context.app.db, userId);
  if (!user.phone) throw new AppError('PHONE_REQUIRED');
  const phone = user.phone;
  await context.app.db.transaction(async (tx) => {
    const open = await openInStep(tx, userId, 'confirmation_required');
    if (mode === 'resend' && open.otpSendCount === 0) throw new AppError('SIGNATURE_STEP_INVALID');
    const current = open.otpExpiresAt
      ? oneTimeSecretState(
          { expiresAt: open.otpExpiresAt, usedAt: open.otpUsedAt, failedAttempts: open.otpFailedAttempts },
          now,
        )
      : null;
    if (mode === 'authorize' && current === 'valid') return;
    if (open.otpSendCount >= SIGNATURE_OTP_MAX_SENDS) throw new AppError('SIGNATURE_RESEND_LIMIT');
    const code = formatNumericCode(randomInt(0, 10 ** SIGNATURE_OTP_DIGITS), SIGNATURE_OTP_DIGITS);
    const sendCount = open.otpSendCount + 1;
    await updateSignature(tx, open.id, {
      otpHash: otpHashOf(open.id, code),
      otpExpiresAt: new Date(now.getTime() + SIGNATURE_OTP_TTL_MS),
      otpFailedAttempts: 0,
      otpUsedAt: null,
      otpSendCount: sendCount,
    });
    await context.app.outbox.enqueue(tx, 'notifications.send-sms', `qes-otp:${open.id}:${sendCount}`, {
      to: phone,
      text: `Dein Code für die Unterschrift deiner Vereinbarungen: ${code}. Er gilt ${SIGNATURE_OTP_TTL_MS / 60_000} Minuten.`,
    });
  });
  notify(context, user);
};

type OtpOutcome =
  | { kind: 'confirmed'; signingRequestId: string }
  | { kind: 'refused'; code: 'SIGNATURE_CODE_WRONG' | 'SIGNATURE_CODE_EXPIRED' | 'SIGNATURE_CODE_LOCKED' };

/**
 * `POST .../signature/otp {otp}`: a right code hands the signature to the provider (`pending`; the
 * result comes by webhook). A wrong try counts even though the call fails.
 */
export const confirmSignatureCode = async (
  context: IdentificationContext,
  userId: string,
  otp: string,
  now: Date,
): Promise<void> => {
  const user = await loadUser(context.app.db, userId);
  const outcome = await context.app.db.transaction(async (tx): Promise<OtpOutcome> => {
    const open = await openInStep(tx, userId, 'confirmation_required');
    if (!open.otpHash || !open.otpExpiresAt) throw new AppError('SIGNATURE_STEP_INVALID');
    const state = oneTimeSecretState(
      { expiresAt: open.otpExpiresAt, usedAt: open.otpUsedAt, failedAttempts: open.otpFailedAttempts },
      now,
    );
    if (state === 'exhausted' || open.otpFailedAttempts >= SIGNATURE_OTP_MAX_FAILED_ATTEMPTS) {
      return { kind: 'refused', code: 'SIGNATURE_CODE_LOCKED' };
    }
    if (state !== 'valid') return { kind: 'refused', code: 'SIGNATURE_CODE_EXPIRED' };
    if (otpHashOf(open.id, otp) !== open.otpHash) {
      await updateSignature(tx, open.id, { otpFailedAttempts: open.otpFailedAttempts + 1 });
      return { kind: 'refused', code: 'SIGNATURE_CODE_WRONG' };
    }
    await updateSignature(tx, open.id, { otpUsedAt: now, status: 'pending' });
    return { kind: 'confirmed', signingRequestId: open.id };
  });
  if (outcome.kind === 'refused') throw new AppError(outcome.code);
  try {
    await handToSignatureProvider(context, user, outcome.signingRequestId);
  } catch (error) {
    // The provider has no signature request: the signer may ask for a new code and try again.
    await updateSignature(context.app.db, outcome.signingRequestId, { status: 'confirmation_required' });
    throw error;
  }
  notify(context, user);
};

/** The confirmed signature goes to the provider with the agreements as PDFs (all legal document kinds). */
const handToSignatureProvider = (context: IdentificationContext, user: UserRow, signingRequestId: string) =>
  context.provider.signatures.createQualifiedSignature({
    signingRequestId,
    reference: user.id,
    signer: { email: user.email, firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
    documents: async () => {
      const titles = await legalDocumentTitles(context.app.db, user.partnerId);
      return Promise.all(
        TERMS_KINDS.map(async (kind) => ({
          title: titles[kind],
          pdf: await renderLegalDocument(context.app.db, user.partnerId, kind),
        })),
      );
    },
  });

/**
 * `GET .../signature/redirect`: where the signer signs, for a provider with its own signing page
 * (Skribble), while the signature waits there; 404 otherwise.
 */
export const signatureRedirect = async (context: IdentificationContext, userId: string): Promise<{ url: string }> => {
  const open = await findOpenSignature(context.app.db, userId);
  if (open?.status !== 'pending') throw new AppError('SIGNATURE_STEP_INVALID');
  const url = await context.provider.signatures.signingUrl(open.id);
  if (!url) throw new AppError('NOT_FOUND');
  return { url };
};
