import { type Db, sandboxIdpCodes } from '@bw/db';
import { and, eq, isNull } from 'drizzle-orm';
import { randomToken, sha256 } from '../../modules/auth/secrets.js';
import { type ExternalIdentity, type ExternalLoginProvider, pkceChallenge } from './external-login-provider.js';

/** The sandbox "ichApp" identity provider: OAuth 2 authorization code with PKCE (S256) and state. */
export const SANDBOX_CLIENT_ID = 'brickwise';
export const AUTHORIZATION_CODE_TTL_MS = 60_000;
/** Where the sandbox's authorize page and token endpoint live on this server (development module). */
export const SANDBOX_IDP_PATH = '/sandbox/ichapp';

/** Test identities to choose from on the authorize page; Lukas has no name (finishRegistration). */
export const sandboxIdentities: Record<string, ExternalIdentity> = {
  maria: { subject: 'ichapp-maria', email: 'maria.muster@ichapp.example', firstName: 'Maria', lastName: 'Muster' },
  lukas: { subject: 'ichapp-lukas', email: 'lukas.neu@ichapp.example', firstName: '', lastName: '' },
};

type CodeGrant = { code: string; clientId: string; redirectUri: string; codeVerifier: string };

/** What the sandbox's own authorize page and token endpoint (modules/dev) do with it. */
export type SandboxIdpControls = {
  clientId: string;
  identities: Record<string, ExternalIdentity>;
  /** The identity the tester chose on the authorize page becomes a single-use code. */
  issueAuthorizationCode(input: {
    clientId: string;
    redirectUri: string;
    codeChallenge: string;
    identity: ExternalIdentity;
  }): Promise<string>;
  /** Token endpoint logic: the code is single use, unexpired, for this client and redirect, and the verifier matches. */
  exchangeAuthorizationCode(input: CodeGrant): Promise<ExternalIdentity | null>;
};

export type SandboxIdp = ExternalLoginProvider & { controls: SandboxIdpControls };

const issueAuthorizationCode = async (
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

const exchangeAuthorizationCode = async (db: Db, input: CodeGrant): Promise<ExternalIdentity | null> => {
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

/** The sandbox identity provider, hosted by this server at `baseUrl` + `SANDBOX_IDP_PATH`. */
export const createSandboxIdp = (db: Db, baseUrl: string): SandboxIdp => ({
  // The sandbox issues no ID token, so the nonce has nothing to travel in.
  authorizationUrl: async ({ redirectUri, state, codeChallenge }) => {
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: SANDBOX_CLIENT_ID,
      redirect_uri: redirectUri,
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
    });
    return `${baseUrl}${SANDBOX_IDP_PATH}/authorize?${params.toString()}`;
  },
  exchangeCode: ({ code, redirectUri, codeVerifier }) =>
    exchangeAuthorizationCode(db, { code, redirectUri, codeVerifier, clientId: SANDBOX_CLIENT_ID }),
  controls: {
    clientId: SANDBOX_CLIENT_ID,
    identities: sandboxIdentities,
    issueAuthorizationCode: (input) => issueAuthorizationCode(db, input),
    exchangeAuthorizationCode: (input) => exchangeAuthorizationCode(db, input),
  },
});
