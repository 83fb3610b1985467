import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';

/**
 * The demo's secrets for the developer (ADR 0022): made on the first seed of a data directory and
 * written to DATA_DIR/demo, never committed. A later seed reads them back, so the keys of a seeded
 * database and the files always belong together.
 */
export const writeJson = (file: string, value: unknown): void => {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
};

/** Reads the file when it exists (and parses), else makes the value, writes it and returns it. */
export const readOrCreate = <T>(file: string, schema: z.ZodType<T>, make: () => T): T => {
  if (existsSync(file)) return schema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const value = make();
  writeJson(file, value);
  return value;
};

export type SecurityAppKey = { publicKey: string; privateKeyPkcs8Pem: string };

/** An Ed25519 pair as the security app holds it: raw public key (base64url), private key as PKCS#8 PEM. */
export const newSecurityAppKey = (): SecurityAppKey => {
  const pair = generateKeyPairSync('ed25519');
  return {
    publicKey: pair.publicKey.export({ format: 'jwk' }).x ?? '',
    privateKeyPkcs8Pem: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
};

export const newRecoverySecret = (): string => randomBytes(24).toString('base64url');
