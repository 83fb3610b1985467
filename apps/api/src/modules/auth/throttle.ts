import type { Db } from '@bw/db';
import { isThrottled, type ThrottleRule } from '@bw/domain';
import { bumpThrottleWindow, clearThrottleWindow, readThrottleWindows } from './auth.repo.js';
import { sha256 } from './secrets.js';

export type ThrottleCheck = { key: string; rule: ThrottleRule };

/**
 * A limit per client address (`request.ip`), scaled by ADDRESS_THROTTLE_FACTOR: 1 in production;
 * browser tests, which register every user from one address, raise it.
 */
export const addressCheck = (
  config: { ADDRESS_THROTTLE_FACTOR: number },
  kind: string,
  ip: string,
  rule: ThrottleRule,
): ThrottleCheck => ({
  key: throttleKey(kind, ip),
  rule: { ...rule, max: rule.max * config.ADDRESS_THROTTLE_FACTOR },
});

/** Keys are hashes: the throttle table holds no e-mail address and no IP address in the clear. */
export const throttleKey = (kind: string, ...parts: string[]): string => `${kind}:${sha256(parts.join('\n'))}`;

/** Reads every window in one query: used before any password hashing happens. */
export const anyThrottled = async (db: Db, checks: ThrottleCheck[], now: Date): Promise<boolean> => {
  const windows = await readThrottleWindows(
    db,
    checks.map((check) => check.key),
  );
  return checks.some((check) => isThrottled(windows.get(check.key), check.rule, now));
};

export const countEvent = async (db: Db, checks: ThrottleCheck[], now: Date): Promise<void> => {
  for (const check of checks) await bumpThrottleWindow(db, check.key, check.rule.windowMs, now);
};

export const clearThrottle = async (db: Db, checks: ThrottleCheck[]): Promise<void> => {
  for (const check of checks) await clearThrottleWindow(db, check.key);
};
