import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { ExternalIdentity, ExternalLoginProvider } from './external-login-provider.js';

/** EXTERNAL_LOGIN_PROVIDER=oidc: the provider and this client's registration there (providers/settings.ts). */
export type OidcSettings = {
  issuer: string;
  clientId: string;
  /** Unset: a public client that proves itself with PKCE alone. */
  clientSecret?: string | undefined;
  scopes: string;
};

type Claims = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The identity behind an ID token (and the userinfo answer where the token is thin): an account is
 * linked by e-mail address (operations/external-login.ts), so only a verified address counts.
 */
export const identityOfClaims = (claims: Claims): ExternalIdentity | null => {
  const email = text(claims.email);
  if (!text(claims.sub) || !email || claims.email_verified !== true) return null;
  return { subject: text(claims.sub), email, firstName: text(claims.given_name), lastName: text(claims.family_name) };
};

/**
 * The redirect URI registered at the provider: `/finishExternalAuth` without the flow's
 * `?platform=` (the finish page does not need it). openid-client derives the token request's
 * `redirect_uri` from the callback URL with its query removed, so the authorization request must
 * use that same query-less URI (ADR 0036).
 */
export const oidcRedirectUri = (redirectUri: string): string => {
  const url = new URL(redirectUri);
  url.search = '';
  url.hash = '';
  return url.href;
};

/**
 * The external login against a real OpenID Connect provider with openid-client (ADR 0036):
 * discovery of the issuer on first use (and again after a failure), the authorization code flow
 * with PKCE (S256), state and nonce, the ID token checked by the library (signature, issuer,
 * audience, expiry, nonce) and the authorization response's `iss` (RFC 9207) where the provider
 * announces it. The library loads only when this adapter is chosen.
 */
export const createOidcLogin = (settings: OidcSettings, log: FastifyBaseLogger): ExternalLoginProvider => {
  /** The provider could not be asked (down, unreachable, broken discovery): 503, the cause in the log. */
  const unavailable = (error: unknown): never => {
    log.error({ err: error, issuer: settings.issuer }, 'OpenID Connect provider unavailable');
    throw new AppError('SERVICE_UNAVAILABLE');
  };
  type Client = typeof import('openid-client');
  let discovered: Promise<{ client: Client; config: import('openid-client').Configuration }> | null = null;
  const discover = () => {
    discovered ??= import('openid-client')
      .then(async (client) => {
        const issuer = new URL(settings.issuer);
        const config = await client.discovery(
          issuer,
          settings.clientId,
          settings.clientSecret,
          settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
          // A plain-http issuer is the operator's explicit choice (a local provider); config.ts refuses it in production.
          issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
        );
        return { client, config };
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  return {
    authorizationUrl: async ({ redirectUri, state, codeChallenge, nonce }) => {
      const { client, config } = await discover().catch(unavailable);
      return client
        .buildAuthorizationUrl(config, {
          redirect_uri: oidcRedirectUri(redirectUri),
          scope: settings.scopes,
          state,
          nonce,
          code_challenge: codeChallenge,
          code_challenge_method: 'S256',
        })
        .toString();
    },
    exchangeCode: async ({ code, redirectUri, codeVerifier, state, nonce, issuer }) => {
      const { client, config } = await discover().catch(unavailable);
      // The authorization response as it reached /finishExternalAuth.
      const response = new URL(oidcRedirectUri(redirectUri));
      response.searchParams.set('code', code);
      response.searchParams.set('state', state);
      if (issuer) response.searchParams.set('iss', issuer);
      try {
        const tokens = await client.authorizationCodeGrant(config, response, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        const claims: Claims = { ...tokens.claims() };
        if (!claims.email && tokens.access_token) {
          Object.assign(claims, await client.fetchUserInfo(config, tokens.access_token, String(claims.sub)));
        }
        return identityOfClaims(claims);
      } catch (error) {
        // A refused code, state, nonce or token is a failed login; an unreachable provider is not.
        if (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError)
          return null;
        if (error instanceof Error && 'code' in error && String(error.code).startsWith('OAUTH_')) {
          log.warn({ err: error }, 'OpenID Connect login refused');
          return null;
        }
        return unavailable(error);
      }
    },
  };
};
