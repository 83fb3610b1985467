import type { Db } from '@bw/db';
import { MAX_THROTTLE_WINDOW_MS, type ThrottleRule } from '@bw/domain';
import { clearThrottleWindow, refundThrottleAttempt, takeThrottleAttempt } from './auth.repo.js';
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

/**
 * Takes one try from each budget, narrowest first, before any work is done (ADR 0020): each
 * budget is counted in one atomic statement, so concurrent tries cannot all read "still room" and
 * all go ahead. True when every budget had room. The first budget that is used up refuses the try
 * and counts it (hammering a closed door keeps it closed); the broader budgets after it are not
 * touched, so an attacker stopped per account and address does not use up the owner's budget
 * elsewhere. A caller whose try turns out good gives it back with `refundAttempts` or
 * `clearThrottle`.
 */
export const takeAttempts = async (db: Db, checks: ThrottleCheck[], now: Date): Promise<boolean> => {
  for (const check of checks) {
    const { count } = await takeThrottleAttempt(db, {
      key: check.key,
      windowMs: check.rule.windowMs,
      maxWindowMs: MAX_THROTTLE_WINDOW_MS,
      max: check.rule.max,
      now,
    });
    if (count > check.rule.max) return false;
  }
  return true;
};

export const refundAttempts = async (db: Db, checks: ThrottleCheck[]): Promise<void> => {
  for (const check of checks) await refundThrottleAttempt(db, check.key);
};

export const clearThrottle = async (db: Db, checks: ThrottleCheck[]): Promise<void> => {
  for (const check of checks) await clearThrottleWindow(db, check.key);
};
