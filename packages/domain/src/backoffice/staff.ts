/**
 * Staff of the operator's back office (issue 21, ADR 0019): roles, session times, login throttles.
 * Pure: every function takes `now`.
 */

/** The four staff roles. `auditor` reads everything and changes nothing. */
export const STAFF_ROLES = ['operator', 'compliance', 'support', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_STATUSES = ['invited', 'active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Short sessions: a staff session ends after 15 idle minutes and at the latest after 8 hours. */
export const STAFF_SESSION_IDLE_TIMEOUT_MS = 15 * MINUTE_MS;
export const STAFF_SESSION_ABSOLUTE_LIFETIME_MS = 8 * HOUR_MS;
/** `lastSeenAt` is written at most this often. */
export const STAFF_SESSION_TOUCH_INTERVAL_MS = 30_000;
/** An invitation link is valid this long. */
export const STAFF_INVITATION_TTL_MS = 72 * HOUR_MS;
/** Failed staff logins: per account and per address, in a fixed window (checked before hashing). */
export const STAFF_LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const STAFF_LOGIN_MAX_FAILURES_PER_ADDRESS = 20;
export const STAFF_LOGIN_WINDOW_MS = 15 * MINUTE_MS;
/** TOTP (RFC 6238): 30-second steps, 6 digits; one step either side is accepted for clock drift. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_TOLERANCE_SECONDS = 30;
/** Staff passwords: at least 12 characters, one capital letter, one digit. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

export type StaffSessionTimes = { createdAt: Date; lastSeenAt: Date; expiresAt: Date };
export type StaffSessionState = 'active' | 'idle-expired' | 'expired';

export const staffSessionExpiresAt = (createdAt: Date): Date =>
  new Date(createdAt.getTime() + STAFF_SESSION_ABSOLUTE_LIFETIME_MS);

export const staffSessionState = (session: StaffSessionTimes, now: Date): StaffSessionState => {
  if (now.getTime() >= session.expiresAt.getTime()) return 'expired';
  if (now.getTime() - session.lastSeenAt.getTime() >= STAFF_SESSION_IDLE_TIMEOUT_MS) return 'idle-expired';
  return 'active';
};

export const shouldTouchStaffSession = (lastSeenAt: Date, now: Date): boolean =>
  now.getTime() - lastSeenAt.getTime() >= STAFF_SESSION_TOUCH_INTERVAL_MS;

export type StaffPasswordProblem = 'tooShort' | 'needsCapital' | 'needsDigit' | null;

export const staffPasswordProblem = (password: string): StaffPasswordProblem => {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) return 'tooShort';
  if (!/[A-ZÄÖÜ]/.test(password)) return 'needsCapital';
  if (!/[0-9]/.test(password)) return 'needsDigit';
  return null;
};
