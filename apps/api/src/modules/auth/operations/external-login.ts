import { EXTERNAL_LOGIN_COOKIE, type SessionInfo } from '@bw/contracts';
import { externalLoginFlows } from '@bw/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicUrl } from '../../../config.js';
import { AppError } from '../../../lib/app-error.js';
import { flowNonce, pkceChallenge } from '../../../providers/external-login/external-login-provider.js';
import { resolvePartner } from '../../partners/operations/resolve-partner.js';
import { findUserByEmail, findUserByExternalSubject, insertUser, updateUser } from '../../users/users.repo.js';
import { randomToken, safeEqual } from '../secrets.js';
import { passesSessionCheck, startSession } from '../session-store.js';

const FLOW_TTL_MS = 10 * 60_000;

/** `GET /auth/ichApp/url`: starts an authorization code flow with PKCE and state, bound to this browser by a cookie. */
export const externalLoginUrl = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  query: { register?: 'true' | 'false' | undefined; platform?: string | undefined },
): Promise<{ url: string }> => {
  const partner = await resolvePartner(app.db, request);
  const base = publicUrl(app.config);
  const id = randomToken();
  const state = randomToken();
  const codeVerifier = randomToken();
  const redirectUri = `${base}/finishExternalAuth?platform=${query.platform ?? 'desktopWeb'}`;
  await app.db.insert(externalLoginFlows).values({
    id,
    state,
    codeVerifier,
    redirectUri,
    partnerId: partner.partnerId,
    register: query.register === 'true',
    expiresAt: new Date(Date.now() + FLOW_TTL_MS),
  });
  reply.setCookie(EXTERNAL_LOGIN_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: base.startsWith('https:'),
    maxAge: FLOW_TTL_MS / 1000,
  });
  return {
    url: await app.providers.externalLogin.authorizationUrl({
      redirectUri,
      state,
      codeChallenge: pkceChallenge(codeVerifier),
      nonce: flowNonce(codeVerifier),
    }),
  };
};

/** `POST /auth/ichApp/login {code, state?, iss?}`: exchanges the code with our verifier, then finds or creates the account. */
export const externalLogin = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { code: string; state?: string | undefined; iss?: string | undefined },
): Promise<SessionInfo> => {
  const flowId = request.cookies[EXTERNAL_LOGIN_COOKIE];
  if (!flowId) throw new AppError('EXTERNAL_LOGIN_FAILED');
  const [flow] = await app.db
    .update(externalLoginFlows)
    .set({ usedAt: new Date() })
    .where(and(eq(externalLoginFlows.id, flowId), isNull(externalLoginFlows.usedAt)))
    .returning();
  if (!flow || flow.expiresAt.getTime() <= Date.now()) throw new AppError('EXTERNAL_LOGIN_FAILED');
  if (body.state !== undefined && !safeEqual(body.state, flow.state)) throw new AppError('EXTERNAL_LOGIN_FAILED');
  const identity = await app.providers.externalLogin.exchangeCode({
    code: body.code,
    redirectUri: flow.redirectUri,
    codeVerifier: flow.codeVerifier,
    // Without a state in the body the flow cookie alone binds the browser; PKCE binds the code.
    state: body.state ?? flow.state,
    nonce: flowNonce(flow.codeVerifier),
    issuer: body.iss,
  });
  if (!identity) throw new AppError('EXTERNAL_LOGIN_FAILED');
  const now = new Date();
  const email = identity.email.toLowerCase();
  let user = (await findUserByExternalSubject(app.db, identity.subject)) ?? (await findUserByEmail(app.db, email));
  if (!user) {
    user = await insertUser(app.db, {
      email,
      partnerId: flow.partnerId,
      firstName: identity.firstName || null,
      lastName: identity.lastName || null,
      externalSubject: identity.subject,
      emailVerifiedAt: now,
    });
  } else if (!user.externalSubject || !user.emailVerifiedAt) {
    user = (await updateUser(app.db, user.id, { externalSubject: identity.subject, emailVerifiedAt: now })) ?? user;
  }
  if (!passesSessionCheck(user)) throw new AppError('EXTERNAL_LOGIN_FAILED');
  reply.clearCookie(EXTERNAL_LOGIN_COOKIE, { path: '/' });
  return startSession(app.db, request, reply, user, now);
};
