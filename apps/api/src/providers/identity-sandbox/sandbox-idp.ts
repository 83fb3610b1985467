import { createHash } from 'node:crypto';
import { type Db, sandboxIdpCodes } from '@bw/db';
import { and, eq, isNull } from 'drizzle-orm';
import { randomToken, sha256 } from '../../modules/auth/secrets.js';

/** The sandbox "ichApp" identity provider: OAuth 2 authorization code with PKCE (S256) and state. */
export const SANDBOX_CLIENT_ID = 'brickwise';
export const AUTHORIZATION_CODE_TTL_MS = 60_000;

export type ExternalIdentity = { subject: string; email: string; firstName: string; lastName: string };

/** Test identities to choose from on the authorize page; Lukas has no name (finishRegistration). */
export const sandboxIdentities: Record<string, ExternalIdentity> = {
  maria: { subject: 'ichapp-maria', email: 'maria.muster@ichapp.example', firstName: 'Maria', lastName: 'Muster' },
  lukas: { subject: 'ichapp-lukas', email: 'lukas.neu@ichapp.example', firstName: '', lastName: '' },
};

export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

export const issueAuthorizationCode = async (
  db: Db,
  input: { clientId: string; redirectUri: string; codeChallenge: string; identity: ExternalIdentity },
): Promise<string> => {
  const code = randomToken();
  await db.insert(sandboxIdpCodes).values({
    codeHash: sha256(code),
    clientId: input.clientId,
    redirectUri: input.redirectUri,
    codeChallenge: input.codeChallenge,
    identity: input.identity,
    expiresAt: new Date(Date.now() + AUTHORIZATION_CODE_TTL_MS),
  });
  return code;
};

/** Token endpoint logic: the code is single use, unexpired, for this client and redirect, and the verifier matches. */
export const exchangeAuthorizationCode = async (
  db: Db,
  input: { code: string; clientId: string; redirectUri: string; codeVerifier: string },
): Promise<ExternalIdentity | null> => {
  const [row] = await db
    .update(sandboxIdpCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(sandboxIdpCodes.codeHash, sha256(input.code)), isNull(sandboxIdpCodes.usedAt)))
    .returning();
  if (!row) return null;
  if (row.expiresAt.getTime() <= Date.now()) return null;
  if (row.clientId !== input.clientId || row.redirectUri !== input.redirectUri) return null;
  if (pkceChallenge(input.codeVerifier) !== row.codeChallenge) return null;
  return row.identity;
};
