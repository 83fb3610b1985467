import { createHash } from 'node:crypto';

/**
 * The external login ("ichApp", spec section 7: `GET /auth/ichApp/url`, `POST /auth/ichApp/login`)
 * behind an interface: an OAuth 2 authorization code flow with PKCE (S256), state and nonce. The
 * sandbox identity provider (sandbox-idp.ts) implements it on this server under `/sandbox/ichapp/`;
 * the OpenID Connect adapter (oidc-login.ts, ADR 0036) speaks to a real provider found by discovery.
 */
export type ExternalIdentity = { subject: string; email: string; firstName: string; lastName: string };

/** What the flow keeps between the two calls (external_login_flows) and hands to the provider. */
export type ExternalLoginRequest = { redirectUri: string; state: string; codeChallenge: string; nonce: string };

/** What came back to `/finishExternalAuth`, with the flow's secrets to check it against. */
export type ExternalLoginCallback = {
  code: string;
  redirectUri: string;
  codeVerifier: string;
  state: string;
  nonce: string;
  /** The authorization response's `iss` (RFC 9207), when the provider sent one. */
  issuer?: string | undefined;
};

export type ExternalLoginProvider = {
  /** Where the browser goes to log in; the provider comes back to `redirectUri` with `code` and `state`. */
  authorizationUrl(input: ExternalLoginRequest): Promise<string>;
  /** The token call: the identity behind a code, or null when the code is unknown, used, expired or not ours. */
  exchangeCode(input: ExternalLoginCallback): Promise<ExternalIdentity | null>;
};

/** PKCE (RFC 7636, S256): the challenge the client sends for its secret verifier. */
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

/**
 * The OpenID Connect nonce of a flow, derived from its secret PKCE verifier (OpenID Connect Core
 * 15.5.2: a hash of a value only this client knows), so the flow row needs no column of its own.
 */
export const flowNonce = (verifier: string): string =>
  createHash('sha256').update(`nonce:${verifier}`).digest('base64url');
