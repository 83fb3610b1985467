import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { formatNumericCode, RESET_CODE_DIGITS } from '@bw/domain';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** 32 random bytes, base64url: session tokens, link tokens, device ids, OAuth state and verifier. */
const TOKEN_BYTES = 32;
/** argon2id (RFC 9106 second recommendation sized for a web server: 19 MiB, 2 passes). */
const ARGON2ID = 2 as Algorithm;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const randomToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const hmacSha256 = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('hex');

export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export const randomNumericCode = (): string => formatNumericCode(randomInt(0, 10 ** RESET_CODE_DIGITS));

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | null = null;
/**
 * A real argon2id hash that matches nothing: unknown e-mails and accounts without a password are
 * verified against it, so a failed login costs the same time whether the account exists or not.
 */
export const dummyPasswordHash = (): Promise<string> => {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
};
