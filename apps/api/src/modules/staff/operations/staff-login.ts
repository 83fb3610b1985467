import type { Db } from '@bw/db';
import {
  STAFF_LOGIN_MAX_FAILURES_PER_ACCOUNT,
  STAFF_LOGIN_MAX_FAILURES_PER_ADDRESS,
  STAFF_LOGIN_WINDOW_MS,
} from '@bw/domain';
import type { AppConfig } from '../../../config.js';
import { AppError } from '../../../lib/app-error.js';
import { type RequestOrigin, staffActorOf, writeAudit } from '../../../platform/audit.js';
import { dummyPasswordHash, verifyPassword } from '../../auth/secrets.js';
import {
  addressCheck,
  clearThrottle,
  refundAttempts,
  type ThrottleCheck,
  takeAttempts,
  throttleKey,
} from '../../auth/throttle.js';
import { findStaffByEmail, lockStaff, type StaffRow, updateStaff } from '../staff.repo.js';
import { decryptTotpSecret, verifyTotp } from '../totp.js';

const accountCheck = (email: string): ThrottleCheck => ({
  key: throttleKey('staff-login-account', email),
  rule: { max: STAFF_LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMs: STAFF_LOGIN_WINDOW_MS },
});

/**
 * Staff login (ADR 0019): e-mail, password and the current TOTP code in one step, so a wrong
 * answer never tells which of the three was wrong. Failures are counted per account and per
 * address before any hashing; a code that logged in once is refused afterwards (replay).
 */
export const staffLogin = async (
  db: Db,
  config: AppConfig,
  input: { email: string; password: string; code: string; origin: RequestOrigin & { ipAddress: string } },
  now: Date,
): Promise<StaffRow> => {
  const email = input.email.toLowerCase();
  const checks = [
    accountCheck(email),
    addressCheck(config, 'staff-login-address', input.origin.ipAddress, {
      max: STAFF_LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: STAFF_LOGIN_WINDOW_MS,
    }),
  ];
  if (!(await takeAttempts(db, checks, now))) throw new AppError('STAFF_LOGIN_THROTTLED');
  const staff = await findStaffByEmail(db, email);
  const passwordOk = await verifyPassword(staff?.passwordHash ?? (await dummyPasswordHash()), input.password);
  const step =
    passwordOk && staff?.status === 'active' && staff.totpSecretEncrypted
      ? await verifyTotp(
          decryptTotpSecret(config.STAFF_SECRET_KEY, staff.totpSecretEncrypted),
          input.code,
          staff.lastTotpStep,
          now,
        )
      : null;
  if (!staff || step === null) throw new AppError('STAFF_LOGIN_FAILED');
  await clearThrottle(db, [checks[0] as ThrottleCheck]);
  await refundAttempts(db, checks.slice(1));
  return db.transaction(async (tx) => {
    // Two logins racing with the same code: the row lock lets only the first one use its step.
    const locked = await lockStaff(tx, staff.id);
    if (locked?.lastTotpStep != null && locked.lastTotpStep >= step) throw new AppError('STAFF_LOGIN_FAILED');
    const updated = await updateStaff(tx, staff.id, { lastLoginAt: now, lastTotpStep: step });
    await writeAudit(tx, staffActorOf(staff, input.origin), {
      action: 'staff.login',
      targetType: 'staff',
      targetId: staff.id,
    });
    return updated;
  });
};
