import { createHash } from 'node:crypto';

/**
 * The external login ("ichApp", spec section 7: `GET /auth/ichApp/url`, `POST /auth/ichApp/login`)
 * behind an interface: an OAuth 2 authorization code flow with PKCE (S256) and state. The sandbox
 * identity provider (sandbox-idp.ts) implements it on this server under `/sandbox/ichapp/`; a real
 * adapter points at the provider's own authorize and token endpoints.
 */
export type ExternalIdentity = { subject: string; email: string; firstName: string; lastName: string };

export type ExternalLoginProvider = {
  /** Where the browser goes to log in; the provider comes back to `redirectUri` with `code` and `state`. */
  authorizationUrl(input: { redirectUri: string; state: string; codeChallenge: string }): string;
  /** The token call: the identity behind a code, or null when the code is unknown, used, expired or not ours. */
  exchangeCode(input: { code: string; redirectUri: string; codeVerifier: string }): Promise<ExternalIdentity | null>;
};

/** PKCE (RFC 7636, S256): the challenge the client sends for its secret verifier. */
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');
