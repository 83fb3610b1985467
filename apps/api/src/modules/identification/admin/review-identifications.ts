import type { ReviewQueueItem } from '@bw/contracts';
import { type Db, identityDocuments, identityVerifications, users } from '@bw/db';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, actorStaffId, writeAudit } from '../../../platform/audit.js';
import { findCurrentVerification, setUserStatus } from '../identification.repo.js';
import { announceIdentificationVerdict } from '../identification-emails.js';

const fullName = (user: { firstName: string | null; lastName: string | null }): string =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || '–';

/** The manual review queue: identifications the provider flagged (`manualCheck`), oldest first. */
export const listReviewQueue = async (db: Db): Promise<ReviewQueueItem[]> => {
  const rows = await db
    .select({ verification: identityVerifications, user: users })
    .from(identityVerifications)
    .innerJoin(users, eq(users.id, identityVerifications.userId))
    .where(eq(identityVerifications.status, 'manualCheck'))
    .orderBy(asc(identityVerifications.submittedAt))
    .limit(200);
  const items: ReviewQueueItem[] = [];
  for (const { verification, user } of rows) {
    const documents = await db
      .select({ id: identityDocuments.id, kind: identityDocuments.kind, contentType: identityDocuments.contentType })
      .from(identityDocuments)
      .where(eq(identityDocuments.verificationId, verification.id));
    items.push({
      verificationId: verification.id,
      userId: user.id,
      email: user.email,
      name: fullName(user),
      provider: verification.provider,
      documentType: verification.documentType,
      submittedAt: verification.submittedAt?.toISOString() ?? null,
      documents,
    });
  }
  return items;
};

/**
 * A compliance officer decides a flagged identification (issue 21): approving verifies the
 * investor (who may then invest), declining sends them back to identify again. The reason is
 * stored on the attempt: the investor sees it on the identification screen and in the e-mail.
 */
export const decideIdentification = async (
  app: FastifyInstance,
  actor: Actor,
  verificationId: string,
  input: { decision: 'approve' | 'decline'; reason: string },
  now: Date = new Date(),
): Promise<{ status: string }> => {
  const result = await app.db.transaction(async (tx) => {
    const [verification] = await tx
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.id, verificationId))
      .for('update');
    if (!verification) throw new AppError('NOT_FOUND');
    if (verification.status !== 'manualCheck') throw new AppError('IDENTIFICATION_NOT_IN_REVIEW');
    const approve = input.decision === 'approve';
    await tx
      .update(identityVerifications)
      .set({
        status: approve ? 'success' : 'rejected',
        identityCheck: approve ? 'success' : 'rejected',
        decidedAt: now,
        reviewedBy: actorStaffId(actor),
        reviewedAt: now,
        reviewReason: input.reason,
        updatedAt: now,
      })
      .where(eq(identityVerifications.id, verificationId));
    const current = (await findCurrentVerification(tx, verification.userId))?.id === verification.id;
    if (approve) await setUserStatus(tx, verification.userId, 'verified', ['new', 'pending']);
    else if (current) await setUserStatus(tx, verification.userId, 'new', ['pending']);
    const [user] = await tx.select().from(users).where(eq(users.id, verification.userId));
    if (user)
      await announceIdentificationVerdict(app, tx, {
        key: `idv-review:${verification.id}`,
        user,
        outcome: approve ? 'verified' : 'failed',
        reason: input.reason,
      });
    await writeAudit(tx, actor, {
      action: `identification.${input.decision}`,
      targetType: 'identification',
      targetId: verification.id,
      before: { status: verification.status, userId: verification.userId },
      after: { status: approve ? 'success' : 'rejected', reason: input.reason },
    });
    return { status: approve ? 'success' : 'rejected', email: user?.email ?? null };
  });
  if (result.email) app.bus.publishUserUpdate(result.email, 'identification');
  return { status: result.status };
};

/** An identification file, for the reviewer's eyes only (the read is audited). */
export const readIdentificationDocument = async (
  app: FastifyInstance,
  actor: Actor,
  verificationId: string,
  documentId: string,
): Promise<{ bytes: Buffer; contentType: string }> => {
  const [doc] = await app.db
    .select()
    .from(identityDocuments)
    .where(and(eq(identityDocuments.id, documentId), eq(identityDocuments.verificationId, verificationId)));
  if (!doc) throw new AppError('NOT_FOUND');
  const bytes = await app.providers.documents.read(doc.storageKey).catch(() => {
    throw new AppError('NOT_FOUND');
  });
  await app.db.transaction((tx) =>
    writeAudit(tx, actor, {
      action: 'identification.document.view',
      targetType: 'identification',
      targetId: verificationId,
      after: { documentId },
    }),
  );
  return { bytes, contentType: doc.contentType };
};
