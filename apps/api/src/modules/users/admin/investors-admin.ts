import { randomUUID } from 'node:crypto';
import type { InvestorDetail, InvestorMessageBody, InvestorRow, TermsKind } from '@bw/contracts';
import { type Db, users } from '@bw/db';
import { isIncomingMovement } from '@bw/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, writeAudit } from '../../../platform/audit.js';
import { deleteUserSessions } from '../../auth/auth.repo.js';
import { sendVerification } from '../../auth/operations/register.js';
import { findCurrentVerification } from '../../identification/identification.repo.js';
import { queueIdentificationCheckedEmail } from '../../identification/identification-emails.js';
import { legalDocumentTitles } from '../../identification/operations/legal-documents.js';
import { notifyInvestor } from '../../notifications/investor-events.js';
import { loadAccount } from '../../payments/operations/get-payment-account.js';
import { findUserById, type UserRow } from '../users.repo.js';
import { investorParts, searchInvestors } from './investors-admin.repo.js';

const nameOf = (user: UserRow): string => [user.firstName, user.lastName].filter(Boolean).join(' ') || '–';

const rowOf = (user: UserRow, iban: string | null): InvestorRow => ({
  id: user.id,
  email: user.email,
  name: nameOf(user),
  status: user.status,
  partnerId: user.partnerId,
  iban,
  locked: user.lockedAt !== null,
  createdAt: user.createdAt.toISOString(),
});

export const findInvestors = async (db: Db, search: string | undefined): Promise<InvestorRow[]> =>
  (await searchInvestors(db, search)).map(({ user, iban }) => rowOf(user, iban));

const TERMS_COLUMNS = [
  'productProviderAt',
  'customerInformationAt',
  'identityProviderAt',
  'energyProviderAt',
  'paymentProviderAt',
  'furtherProviderAt',
  'furtherProviderPrivacyAt',
] as const;

/** Profile, identification results and files, agreements, holdings and the money history of one investor. */
export const getInvestorDetail = async (db: Db, userId: string): Promise<InvestorDetail> => {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('INVESTOR_NOT_FOUND');
  const parts = await investorParts(db, userId);
  const [account, titles] = await Promise.all([loadAccount(db, userId), legalDocumentTitles(db, user.partnerId)]);
  const info = parts.info;
  return {
    profile: {
      ...rowOf(user, parts.iban),
      phone: user.phone,
      userType: user.userType,
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      lockedAt: user.lockedAt?.toISOString() ?? null,
      lockReason: user.lockReason,
      address: info?.street
        ? `${info.street} ${info.houseNumber ?? ''}, ${info.postcode ?? ''} ${info.city ?? ''}`.trim()
        : null,
      birthDate: info?.birthDate ?? null,
      nationality: info?.nationality ?? null,
      pep: info?.pep ?? null,
    },
    identifications: parts.verifications.map((v) => ({
      id: v.id,
      provider: v.provider,
      status: v.status,
      identityCheck: v.identityCheck,
      documentType: v.documentType,
      submittedAt: v.submittedAt?.toISOString() ?? null,
      decidedAt: v.decidedAt?.toISOString() ?? null,
      reviewedBy: v.reviewedBy,
      reviewReason: v.reviewReason,
      documents: parts.documents
        .filter((doc) => doc.verificationId === v.id)
        .map((doc) => ({ id: doc.id, kind: doc.kind, contentType: doc.contentType, sizeBytes: doc.sizeBytes })),
    })),
    agreements: parts.signatures.map((s) => ({
      status: s.status,
      documents: s.documents,
      documentTitles: s.documents.map((kind) => titles[kind as TermsKind] ?? kind),
      signedAt: s.signedAt?.toISOString() ?? null,
      createdAt: s.createdAt.toISOString(),
    })),
    termsAcceptedAt: Object.fromEntries(
      TERMS_COLUMNS.map((column) => [column, parts.terms?.[column]?.toISOString() ?? null]),
    ),
    // The balance the investor's account screen shows, and the same lines with the same amounts (issue 34).
    balance: {
      balanceCents: account.view.amount,
      availableCents: account.view.availableAmount,
      heldCents: account.view.heldAmount,
    },
    holdings: parts.holdings.map((h) => ({ assetId: h.assetId ?? '', title: h.title, shares: Number(h.shares) })),
    purchases: parts.purchases.map(({ purchase, title }) => ({
      transactionId: purchase.transactionId,
      assetId: purchase.assetId,
      title,
      status: purchase.status,
      shares: purchase.shares,
      amountCents: purchase.amountCents.toString(),
      feeCents: purchase.feeCents.toString(),
      bonusCents: purchase.bonusCents.toString(),
      createdAt: purchase.createdAt.toISOString(),
    })),
    transactions: account.lines.map(({ transaction, shown }) => ({
      id: transaction.transactionId,
      type: shown.type,
      status: transaction.status,
      method: transaction.method,
      amountCents: shown.amountCents.toString(),
      incoming: isIncomingMovement(shown.type),
      feeCents: transaction.fee.amount,
      assetId: transaction.assetId,
      assetTitle: transaction.assetTitle,
      paymentInformation: transaction.paymentInformation,
      createdAt: transaction.time,
    })),
  };
};

/**
 * Locks an investor account (issue 21): no login, no session, no call until unlocked; every open
 * session ends now. Unlocking gives the account back.
 */
export const setInvestorLock = async (
  app: FastifyInstance,
  actor: Actor,
  userId: string,
  input: { locked: boolean; reason: string },
  now: Date = new Date(),
): Promise<InvestorDetail> => {
  await app.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('INVESTOR_NOT_FOUND');
    if ((user.lockedAt !== null) === input.locked) throw new AppError('CONFLICT');
    await tx
      .update(users)
      .set({ lockedAt: input.locked ? now : null, lockReason: input.locked ? input.reason : null, updatedAt: now })
      .where(eq(users.id, userId));
    if (input.locked) await deleteUserSessions(tx, userId);
    await writeAudit(tx, actor, {
      action: input.locked ? 'investor.lock' : 'investor.unlock',
      targetType: 'investor',
      targetId: userId,
      before: { lockedAt: user.lockedAt?.toISOString() ?? null, lockReason: user.lockReason },
      after: { locked: input.locked, reason: input.reason },
    });
  });
  return getInvestorDetail(app.db, userId);
};

/** Sends an e-mail again: the verification link (not yet confirmed) or the identification result. */
export const resendInvestorEmail = async (
  app: FastifyInstance,
  request: FastifyRequest,
  actor: Actor,
  userId: string,
  kind: 'verification' | 'identificationResult',
): Promise<{ sent: true }> => {
  const user = await findUserById(app.db, userId);
  if (!user) throw new AppError('INVESTOR_NOT_FOUND');
  if (kind === 'verification') {
    if (user.emailVerifiedAt) throw new AppError('CONFLICT');
    await sendVerification(app, request, user);
    await app.db.transaction((tx) =>
      writeAudit(tx, actor, { action: 'investor.email.verification', targetType: 'investor', targetId: userId }),
    );
    return { sent: true };
  }
  await app.db.transaction(async (tx) => {
    const verification = await findCurrentVerification(tx, userId);
    const outcome =
      verification?.status === 'success' ? 'verified' : verification?.status === 'rejected' ? 'failed' : null;
    if (!verification || !outcome) throw new AppError('CONFLICT');
    await queueIdentificationCheckedEmail(app, tx, {
      key: `idv-resend:${verification.id}:${Date.now()}`,
      to: user.email,
      partnerId: user.partnerId,
      outcome,
      ...(verification.reviewReason ? { reason: verification.reviewReason } : {}),
    });
    await writeAudit(tx, actor, {
      action: 'investor.email.identificationResult',
      targetType: 'investor',
      targetId: userId,
    });
  });
  return { sent: true };
};

/**
 * A message from staff to one investor (spec notification type `text`): one inbox entry, pushed and
 * e-mailed by the investor's settings, and an audit entry with what was sent. The message id is
 * the inbox entry's key, so the entry and the audit name the same message.
 */
export const sendInvestorMessage = async (
  app: FastifyInstance,
  actor: Actor,
  userId: string,
  message: InvestorMessageBody,
): Promise<{ messageId: string }> => {
  const messageId = randomUUID();
  await app.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('INVESTOR_NOT_FOUND');
    await notifyInvestor(tx, app.outbox, { kind: 'message.sent', userId, key: messageId, ...message });
    await writeAudit(tx, actor, {
      action: 'investor.message',
      targetType: 'investor',
      targetId: userId,
      after: { messageId, title: message.title, body: message.body },
    });
  });
  return { messageId };
};
