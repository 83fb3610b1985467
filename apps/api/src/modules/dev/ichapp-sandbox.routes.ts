import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { publicUrl } from '../../config.js';
import { AppError } from '../../lib/app-error.js';
import { SANDBOX_CLIENT_ID, SANDBOX_IDP_PATH } from '../../providers/external-login/sandbox-idp.js';
import { escapeHtml } from '../auth/emails/layout.js';

const tags = ['Development'];
const authorizeParams = z.object({
  response_type: z.literal('code'),
  client_id: z.literal(SANDBOX_CLIENT_ID),
  redirect_uri: z.string().max(500),
  state: z.string().min(16).max(200),
  code_challenge: z.string().min(43).max(128),
  code_challenge_method: z.literal('S256'),
});
const tokenParams = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string().max(200),
  redirect_uri: z.string().max(500),
  client_id: z.string().max(100),
  code_verifier: z.string().min(43).max(128),
});

/**
 * The sandbox ichApp under /sandbox/ichapp/: an authorize page (choose a test identity) and a
 * token endpoint, over the sandbox identity provider's controls (providers/external-login).
 */
export const ichAppSandboxRoutes: FastifyPluginAsync = async (app) => {
  const idp = app.sandbox.externalLogin;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const redirectAllowed = (uri: string) => uri.startsWith(`${publicUrl(app.config)}/finishExternalAuth`);

  app.get(
    `${SANDBOX_IDP_PATH}/authorize`,
    { schema: { tags, summary: 'Sandbox ichApp: choose a test identity' } },
    async (request, reply) => {
      const parsed = authorizeParams.safeParse(request.query);
      if (!parsed.success || !redirectAllowed(parsed.data.redirect_uri)) {
        throw new AppError('BAD_REQUEST');
      }
      const hidden = Object.entries(parsed.data)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
        .join('');
      const choices = Object.entries(idp.identities)
        .map(
          ([id, who], index) =>
            `<label><input type="radio" name="identity" value="${id}"${index === 0 ? ' checked' : ''}> ${escapeHtml(`${who.firstName} ${who.lastName}`.trim() || 'ohne Namen')} (${escapeHtml(who.email)})</label><br>`,
        )
        .join('');
      return reply
        .type('text/html')
        .send(
          `<!doctype html><html lang="de"><head><title>ichApp Sandbox</title></head><body><h1>ichApp (Sandbox)</h1><form method="post" action="${SANDBOX_IDP_PATH}/authorize">${hidden}${choices}<button type="submit">Anmelden</button></form></body></html>`,
        );
    },
  );

  app.post(
    `${SANDBOX_IDP_PATH}/authorize`,
    { schema: { tags, summary: 'Sandbox ichApp: log in as the chosen identity' } },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const parsed = authorizeParams.safeParse(body);
      const identity = idp.identities[String(body.identity)];
      if (!parsed.success || !identity || !redirectAllowed(parsed.data.redirect_uri)) {
        throw new AppError('BAD_REQUEST');
      }
      const code = await idp.issueAuthorizationCode({
        clientId: parsed.data.client_id,
        redirectUri: parsed.data.redirect_uri,
        codeChallenge: parsed.data.code_challenge,
        identity,
      });
      const target = new URL(parsed.data.redirect_uri);
      target.searchParams.set('code', code);
      target.searchParams.set('state', parsed.data.state);
      return reply.redirect(target.toString(), 302);
    },
  );

  app.post(
    `${SANDBOX_IDP_PATH}/token`,
    { schema: { tags, summary: 'Sandbox ichApp: token endpoint (code with PKCE verifier)' } },
    async (request) => {
      const parsed = tokenParams.safeParse(request.body);
      if (!parsed.success) throw new AppError('BAD_REQUEST');
      const identity = await idp.exchangeAuthorizationCode({
        code: parsed.data.code,
        clientId: parsed.data.client_id,
        redirectUri: parsed.data.redirect_uri,
        codeVerifier: parsed.data.code_verifier,
      });
      // OAuth's invalid_grant, in our error envelope.
      if (!identity) throw new AppError('EXTERNAL_LOGIN_FAILED');
      return { access_token: `sandbox-${identity.subject}`, token_type: 'Bearer', expires_in: 300, userinfo: identity };
    },
  );
};
