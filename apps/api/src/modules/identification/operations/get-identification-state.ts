import { type IdentificationState, TERMS_KINDS, type TermsKind } from '@bw/contracts';
import type { Db } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import { findPersonalInformation, findTermsAcceptance } from '../../onboarding/onboarding.repo.js';
import { isPersonalInformationComplete, termsColumn } from '../../onboarding/onboarding-state.js';
import { findUserById, type UserRow } from '../../users/users.repo.js';
import {
  findCurrentSignature,
  findCurrentVerification,
  hasFraudVerdict,
  listVerificationDocuments,
  type SignatureRow,
  type VerificationRow,
} from '../identification.repo.js';

/** A new identification may start from these (spec section 4: failed → retry; pending → wait or retry). */
const RETRYABLE: VerificationRow['status'][] = ['new', 'kycRequired', 'manualCheck', 'rejected'];
const VERIFIED_USER: UserRow['status'][] = ['verified', 'active'];

const maskPhone = (phone: string | null): string | null =>
  phone ? `${phone.slice(0, 3)} ••• ${phone.slice(-2)}` : null;

export const canStartAgain = (verification: VerificationRow | undefined, fraud: boolean): boolean =>
  !fraud && (!verification || RETRYABLE.includes(verification.status));

/** The steps `POST /api/v2/user/activate` needs (spec section 4, account setup order). */
export const missingActivationSteps = async (
  db: Db,
  user: UserRow,
  signature: SignatureRow | undefined,
): Promise<string[]> => {
  const [info, terms] = await Promise.all([findPersonalInformation(db, user.id), findTermsAcceptance(db, user.id)]);
  const missing: string[] = [];
  if (!isPersonalInformationComplete(user, info)) missing.push('personalInformation');
  if (!VERIFIED_USER.includes(user.status)) missing.push('kycDocuments');
  const unaccepted = TERMS_KINDS.filter((kind: TermsKind) => !terms?.[termsColumn(kind)]);
  if (unaccepted.length > 0) missing.push('termsAcceptance');
  if (signature?.status !== 'signed') missing.push('agreementSignature');
  return missing;
};

export const toSignatureView = (
  row: SignatureRow | undefined,
  phone: string | null,
): IdentificationState['signature'] => ({
  status: row?.status ?? 'new',
  signingRequestId: row?.id ?? null,
  documents: (row?.documents ?? []).filter((kind): kind is TermsKind =>
    (TERMS_KINDS as readonly string[]).includes(kind),
  ),
  otpSentTo: row?.otpExpiresAt && !row.otpUsedAt ? maskPhone(phone) : null,
  otpExpiresAt: row?.otpExpiresAt && !row.otpUsedAt ? row.otpExpiresAt.toISOString() : null,
  signedAt: row?.signedAt?.toISOString() ?? null,
});

/** `GET /api/v1/identification`: the caller's current verification state. */
export const getIdentificationState = async (db: Db, userId: string): Promise<IdentificationState> => {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  const [verification, signature, fraud] = await Promise.all([
    findCurrentVerification(db, userId),
    findCurrentSignature(db, userId),
    hasFraudVerdict(db, userId),
  ]);
  const documents = verification ? await listVerificationDocuments(db, verification.id) : [];
  const missing = await missingActivationSteps(db, user, signature);
  return {
    userStatus: user.status,
    provider: verification?.provider ?? null,
    verificationId: verification?.id ?? null,
    verificationStatus: verification?.status ?? 'new',
    identityCheck: verification?.identityCheck ?? 'new',
    documentType: verification?.documentType ?? null,
    retake: verification?.retake ?? null,
    canRetry: canStartAgain(verification, fraud) && !VERIFIED_USER.includes(user.status),
    reviewReason: verification?.reviewReason ?? null,
    idNowId: verification?.provider === 'videoident' ? verification.providerRef : null,
    documents: documents.map((doc) => ({
      id: doc.id,
      kind: doc.kind,
      contentType: doc.contentType,
      sizeBytes: doc.sizeBytes,
      uploadedAt: doc.createdAt.toISOString(),
    })),
    submittedAt: verification?.submittedAt?.toISOString() ?? null,
    decidedAt: verification?.decidedAt?.toISOString() ?? null,
    signature: toSignatureView(signature, user.phone),
    canActivate: missing.length === 0 && user.status === 'verified',
    missingForActivation: missing,
  };
};
