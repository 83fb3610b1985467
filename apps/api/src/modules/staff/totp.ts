import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_TOLERANCE_SECONDS } from '@bw/domain';
import { generateSecret, generateURI, verify } from 'otplib';

/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = 'Brickwise Back Office';

export const newTotpSecret = (): string => generateSecret();

export const otpauthUri = (email: string, secret: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });

/**
 * Checks a code against the secret (RFC 6238, one step of drift either way). A code of a time step
 * at or before `lastStep` is refused, so a code that logged in once cannot log in again.
 * Answers the matched time step, or null.
 */
export const verifyTotp = async (
  secret: string,
  code: string,
  lastStep: number | null,
  now: Date,
): Promise<number | null> => {
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    return result.valid && 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
  } catch {
    // Malformed secrets or a replayed step beyond the window: not a valid code.
    return null;
  }
};

const keyOf = (secretKey: string): Buffer => createHash('sha256').update(secretKey).digest();
const IV_BYTES = 12;

/** AES-256-GCM: `iv.tag.ciphertext`, base64url parts. */
export const encryptTotpSecret = (secretKey: string, secret: string): string => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
};

export const decryptTotpSecret = (secretKey: string, sealed: string): string => {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('sealed TOTP secret is malformed');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
};
