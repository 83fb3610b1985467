import type { InvitationView } from '@bw/contracts';
import type { Db } from '@bw/db';
import { staffPasswordProblem } from '@bw/domain';
import type { AppConfig } from '../../../config.js';
import { AppError } from '../../../lib/app-error.js';
import { type RequestOrigin, staffActorOf, writeAudit } from '../../../platform/audit.js';
import { hashPassword, sha256 } from '../../auth/secrets.js';
import { findOpenInvitation, lockStaff, type StaffRow, updateStaff, useInvitation } from '../staff.repo.js';
import { decryptTotpSecret, otpauthUri, verifyTotp } from '../totp.js';

/** What the invitation page shows: who is invited and the secret to scan (the link is the only key to it). */
export const getInvitation = async (db: Db, config: AppConfig, token: string, now: Date): Promise<InvitationView> => {
  const found = await findOpenInvitation(db, sha256(token), now);
  if (!found?.staff.totpSecretEncrypted || found.staff.status !== 'invited')
    throw new AppError('STAFF_INVITATION_INVALID');
  const secret = decryptTotpSecret(config.STAFF_SECRET_KEY, found.staff.totpSecretEncrypted);
  return {
    email: found.staff.email,
    displayName: found.staff.displayName,
    role: found.staff.role,
    otpauthUri: otpauthUri(found.staff.email, secret),
    totpSecret: secret,
  };
};

/**
 * Accepting an invitation: a strong password and the first code from the authenticator app (which
 * proves the second factor works) make the account active. The link is used up.
 */
export const acceptInvitation = (
  db: Db,
  config: AppConfig,
  input: { token: string; password: string; code: string; origin?: RequestOrigin },
  now: Date,
): Promise<StaffRow> =>
  db.transaction(async (tx) => {
    const found = await findOpenInvitation(tx, sha256(input.token), now);
    if (!found) throw new AppError('STAFF_INVITATION_INVALID');
    const staff = await lockStaff(tx, found.staff.id);
    if (staff?.status !== 'invited' || !staff.totpSecretEncrypted) throw new AppError('STAFF_INVITATION_INVALID');
    if (staffPasswordProblem(input.password)) throw new AppError('STAFF_PASSWORD_WEAK');
    const step = await verifyTotp(
      decryptTotpSecret(config.STAFF_SECRET_KEY, staff.totpSecretEncrypted),
      input.code,
      null,
      now,
    );
    if (step === null) throw new AppError('STAFF_TOTP_WRONG');
    if (!(await useInvitation(tx, found.invitationId, now))) throw new AppError('STAFF_INVITATION_INVALID');
    const active = await updateStaff(tx, staff.id, {
      status: 'active',
      passwordHash: await hashPassword(input.password),
      totpConfirmedAt: now,
      lastTotpStep: step,
    });
    await writeAudit(tx, staffActorOf(staff, input.origin), {
      action: 'staff.invitation.accept',
      targetType: 'staff',
      targetId: staff.id,
      before: { status: 'invited' },
      after: { status: 'active' },
    });
    return active;
  });
