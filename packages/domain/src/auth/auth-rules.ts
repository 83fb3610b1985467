/**
 * Time and counting rules of accounts and sessions (spec sections 4, 8, 9; ADR 0003). Pure:
 * every function takes `now`, so tests and callers decide the clock.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Spec section 9: cookie lifetime 90 days; the session ends then whatever happens. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * DAY_MS;
/** A session unused this long ends before its absolute end. */
export const SESSION_IDLE_TIMEOUT_MS = 14 * DAY_MS;
/** `lastSeenAt` is written at most this often, so reads do not turn into writes. */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE_MS;

export const RESET_CODE_DIGITS = 6;
export const RESET_CODE_TTL_MS = 15 * MINUTE_MS;
export const VERIFY_EMAIL_TTL_MS = 24 * HOUR_MS;
export const LOGIN_LINK_TTL_MS = 15 * MINUTE_MS;
export const SWITCH_SESSION_TTL_MS = 2 * MINUTE_MS;
/** A code dies at this many wrong tries (spec section 8: 'Der eingegebene Code ist falsch.'). */
export const CODE_MAX_FAILED_ATTEMPTS = 5;

export type SessionTimes = { expiresAt: Date; lastSeenAt: Date };
export type SessionState = 'active' | 'idle-expired' | 'expired';

export const sessionExpiresAt = (createdAt: Date): Date => new Date(createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS);

export const sessionState = (session: SessionTimes, now: Date): SessionState => {
  if (now.getTime() >= session.expiresAt.getTime()) return 'expired';
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_IDLE_TIMEOUT_MS) return 'idle-expired';
  return 'active';
};

export const shouldTouchSession = (lastSeenAt: Date, now: Date): boolean =>
  now.getTime() - lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS;

export type OneTimeSecret = { expiresAt: Date; usedAt: Date | null; failedAttempts: number };
export type OneTimeSecretState = 'valid' | 'used' | 'expired' | 'exhausted';

/** A one-time secret is usable once, before it expires and before it ran out of tries. */
export const oneTimeSecretState = (secret: OneTimeSecret, now: Date): OneTimeSecretState => {
  if (secret.usedAt) return 'used';
  if (secret.failedAttempts >= CODE_MAX_FAILED_ATTEMPTS) return 'exhausted';
  if (now.getTime() >= secret.expiresAt.getTime()) return 'expired';
  return 'valid';
};

/** A 6-digit code from a uniform random integer in [0, 10^6): leading zeros kept. */
export const formatNumericCode = (value: number, digits = RESET_CODE_DIGITS): string => {
  const max = 10 ** digits;
  if (!Number.isInteger(value) || value < 0 || value >= max) throw new RangeError(`code value out of range: ${value}`);
  return String(value).padStart(digits, '0');
};

export const isNumericCode = (value: string, digits = RESET_CODE_DIGITS): boolean =>
  new RegExp(`^\\d{${digits}}$`).test(value);

/** Fixed-window throttling: a limit of `max` events per `windowMs`. */
export type ThrottleRule = { max: number; windowMs: number };
export type ThrottleWindow = { count: number; windowStartedAt: Date; strikes?: number };

export const windowIsCurrent = (window: ThrottleWindow, rule: ThrottleRule, now: Date): boolean =>
  now.getTime() - window.windowStartedAt.getTime() < throttleWindowMs(rule, window.strikes ?? 0);

/** True when the window is current and already full: the next attempt must be refused before any work. */
export const isThrottled = (window: ThrottleWindow | undefined, rule: ThrottleRule, now: Date): boolean =>
  window !== undefined && windowIsCurrent(window, rule, now) && window.count >= rule.max;

/**
 * Back-off (ADR 0020): a window that ended over its budget makes the next window twice as long,
 * up to a day; a window that ended within budget (or a success) resets it.
 */
export const MAX_THROTTLE_WINDOW_MS = DAY_MS;
const MAX_STRIKES = 20;

export const throttleWindowMs = (rule: ThrottleRule, strikes: number): number =>
  Math.min(rule.windowMs * 2 ** Math.min(Math.max(strikes, 0), MAX_STRIKES), MAX_THROTTLE_WINDOW_MS);

/**
 * Login (ADRs 0003, 0020): tries counted per account and address, per account from unknown
 * devices, per account on a known device (the owner's own budget), and per address for logins
 * from unknown devices only: a known device never meets the address limit, and the address
 * limit is high enough for an office or a carrier NAT, so one address's failures do not lock
 * its innocent users out.
 */
export const LOGIN_THROTTLE = {
  perAddress: { max: 100, windowMs: 15 * MINUTE_MS },
  perAccountAndAddress: { max: 5, windowMs: 15 * MINUTE_MS },
  perAccountUnknownDevices: { max: 25, windowMs: 15 * MINUTE_MS },
  perAccountKnownDevice: { max: 10, windowMs: 15 * MINUTE_MS },
} as const satisfies Record<string, ThrottleRule>;

/** Reset, login-link and verification e-mails: requests per account and per address. */
export const EMAIL_REQUEST_THROTTLE = {
  perAccount: { max: 5, windowMs: HOUR_MS },
  perAddress: { max: 20, windowMs: HOUR_MS },
} as const satisfies Record<string, ThrottleRule>;

/** Wrong codes per account across codes before the function locks (spec section 8, 'verübergehend gesperrt'). */
export const RESET_CODE_FAILURE_THROTTLE: ThrottleRule = { max: 10, windowMs: HOUR_MS };

/** Payout starts (`initmoneyout`, each sends an SMS code; ADR 0020): per user and per payout account. */
export const PAYOUT_START_THROTTLE = {
  perUser: { max: 5, windowMs: HOUR_MS },
  perPayoutAccount: { max: 3, windowMs: HOUR_MS },
} as const satisfies Record<string, ThrottleRule>;

/** Wrong current passwords when changing it in settings. */
export const PASSWORD_CHANGE_THROTTLE: ThrottleRule = { max: 5, windowMs: 15 * MINUTE_MS };
