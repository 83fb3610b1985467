import type { StaffInvitedView } from '@bw/contracts';
import type { Db } from '@bw/db';
import { STAFF_INVITATION_TTL_MS, type StaffRole } from '@bw/domain';
import { type AppConfig, publicUrl } from '../../../config.js';
import type { Outbox } from '../../../jobs/outbox.js';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, actorStaffId, writeAudit } from '../../../platform/audit.js';
import { randomToken, sha256 } from '../../auth/secrets.js';
import { findStaffById, insertStaff, replaceInvitation, type StaffRow } from '../staff.repo.js';
import { staffInvitationEmail } from '../staff-emails.js';
import { toStaffView } from '../staff-session-store.js';
import { encryptTotpSecret, newTotpSecret } from '../totp.js';

export type StaffDeps = { db: Db; outbox: Outbox; config: AppConfig };

/** The back office's invitation page (apps/web backoffice entry). */
export const invitationUrl = (config: AppConfig, token: string): string =>
  `${publicUrl(config)}/backoffice/einladung/${encodeURIComponent(token)}`;

/** A fresh single-use link for an invited person, e-mailed through the outbox in the same transaction. */
export const issueInvitation = async (deps: StaffDeps, tx: Db, staff: StaffRow, now: Date): Promise<string> => {
  const token = randomToken();
  await replaceInvitation(tx, {
    staffId: staff.id,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + STAFF_INVITATION_TTL_MS),
    now,
  });
  const url = invitationUrl(deps.config, token);
  const email = staffInvitationEmail(staff.displayName, staff.role, url);
  await deps.outbox.enqueue(tx, 'notifications.send-email', `staff-invitation:${sha256(token)}`, {
    to: staff.email,
    ...email,
  });
  return url;
};

/**
 * Invites a staff member by e-mail (issue 21): the account exists as `invited` with a TOTP secret
 * that only the invitation link reveals; it becomes active when the person sets a password and
 * confirms the second factor. `totpSecret` is for the demo seed's fixed secrets only.
 */
export const inviteStaff = (
  deps: StaffDeps,
  actor: Actor,
  input: { email: string; displayName: string; role: StaffRole; totpSecret?: string },
  now: Date = new Date(),
): Promise<StaffInvitedView> =>
  deps.db.transaction(async (tx) => {
    const staff = await insertStaff(tx, {
      email: input.email.toLowerCase(),
      displayName: input.displayName,
      role: input.role,
      status: 'invited',
      totpSecretEncrypted: encryptTotpSecret(deps.config.STAFF_SECRET_KEY, input.totpSecret ?? newTotpSecret()),
      invitedBy: actorStaffId(actor),
    });
    if (!staff) throw new AppError('STAFF_EMAIL_TAKEN');
    const url = await issueInvitation(deps, tx, staff, now);
    await writeAudit(tx, actor, {
      action: 'staff.invite',
      targetType: 'staff',
      targetId: staff.id,
      after: toStaffView(staff),
    });
    return { staff: toStaffView(staff), invitationUrl: url };
  });

/** A new link for someone who has not accepted yet (the old one stops working). */
export const resendInvitation = (deps: StaffDeps, actor: Actor, staffId: string, now: Date = new Date()) =>
  deps.db.transaction(async (tx): Promise<StaffInvitedView> => {
    const staff = await findStaffById(tx, staffId);
    if (!staff) throw new AppError('STAFF_NOT_FOUND');
    if (staff.status !== 'invited') throw new AppError('CONFLICT');
    const url = await issueInvitation(deps, tx, staff, now);
    await writeAudit(tx, actor, { action: 'staff.invitation.resend', targetType: 'staff', targetId: staff.id });
    return { staff: toStaffView(staff), invitationUrl: url };
  });
