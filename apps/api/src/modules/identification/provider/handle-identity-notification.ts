import { identityDocuments, providerNotifications } from '@bw/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CaseFile } from '../../../providers/identity-verification/identity-verification-provider.js';
import type { ProviderNotification } from '../../provider-callbacks/queue-notification.js';
import {
  findVerificationByProviderRef,
  insertDocument,
  setUserStatus,
  updateVerification,
} from '../identification.repo.js';
import { receiveIdvEvent } from '../operations/receive-idv-event.js';

/** The job that reads what an identification or signature provider's notification names (issue 38). */
export const HANDLE_IDENTITY_NOTIFICATION_TOPIC = 'identification.handle-provider-notification';

export type IdentityNotificationOutcome = 'applied' | 'ignored' | 'refused' | 'done-before';

/**
 * The case's files the provider holds, kept in our storage beside the verification (once per file:
 * a second notification finds them by their hash). A case still waiting for its files was captured
 * in the provider's SDK: it counts as submitted now, so the verdict that follows applies.
 */
const keepFiles = async (app: FastifyInstance, caseId: string, files: CaseFile[]): Promise<number> => {
  const verification = await app.db.transaction((tx) => findVerificationByProviderRef(tx, caseId));
  if (!verification) return 0;
  if (verification.status === 'kycRequired' && files.length > 0) {
    // Captured in the provider's own SDK: the case was submitted there, as an upload to us submits it.
    await app.db.transaction(async (tx) => {
      await updateVerification(tx, verification.id, {
        status: 'pending',
        identityCheck: 'pending',
        retake: null,
        submissions: verification.submissions + 1,
        submittedAt: new Date(),
      });
      await setUserStatus(tx, verification.userId, 'pending', ['new']);
    });
  }
  let kept = 0;
  for (const file of files) {
    const stored = await app.providers.documents.save(verification.userId, file.bytes);
    const [known] = await app.db
      .select({ id: identityDocuments.id })
      .from(identityDocuments)
      .where(and(eq(identityDocuments.verificationId, verification.id), eq(identityDocuments.sha256, stored.sha256)));
    if (known) continue;
    await insertDocument(app.db, {
      userId: verification.userId,
      verificationId: verification.id,
      kind: file.kind,
      storageKey: stored.storageKey,
      contentType: file.contentType,
      sizeBytes: file.bytes.length,
      sha256: stored.sha256,
    });
    kept += 1;
  }
  return kept;
};

/**
 * Reads the resource a provider's notification names from the provider (its resolver in
 * `app.providers.identityVerification.notificationSources`), keeps the files it fetched and applies
 * the verdicts through the same path as every identification event (`receiveIdvEvent`: once per
 * event id). A notification naming a resource the provider does not know is refused: nothing changes.
 */
export const handleIdentityNotification = async (
  app: FastifyInstance,
  input: ProviderNotification,
): Promise<IdentityNotificationOutcome> => {
  const where = and(
    eq(providerNotifications.provider, input.provider),
    eq(providerNotifications.eventType, input.eventType),
    eq(providerNotifications.resourceId, input.resourceId),
  );
  const [row] = await app.db.select().from(providerNotifications).where(where);
  if (row?.handledAt) return 'done-before';
  const source = app.providers.identityVerification.notificationSources[input.provider];
  let outcome: IdentityNotificationOutcome = 'ignored';
  let detail: string | null = null;
  if (source) {
    const resolved = await source.resolveNotification(input.eventType, input.resourceId);
    if (resolved.kind === 'refused') {
      outcome = 'refused';
      detail = resolved.reason;
      app.log.warn({ ...input, reason: resolved.reason }, 'provider notification refused');
    } else {
      if (resolved.files) await keepFiles(app, resolved.files.caseId, resolved.files.files);
      for (const event of resolved.events) {
        if ((await receiveIdvEvent(app, event)).outcome === 'applied') outcome = 'applied';
      }
    }
  }
  await app.db
    .update(providerNotifications)
    .set({ handledAt: new Date(), outcome, detail })
    .where(and(where, isNull(providerNotifications.handledAt)));
  return outcome;
};
