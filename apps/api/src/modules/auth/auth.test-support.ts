import { CSRF_HEADER } from '@bw/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Cookies of an answer as one `cookie` request header (inject does not keep a cookie jar). */
export const cookieHeaderOf = (response: LightMyRequestResponse, previous = ''): string => {
  const jar = new Map<string, string>();
  for (const part of previous.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name) jar.set(name, rest.join('='));
  }
  for (const cookie of response.cookies) {
    if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0)) jar.delete(cookie.name);
    else jar.set(cookie.name, cookie.value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
};

/** The newest e-mail to this address in the development mailbox (delivers the outbox first). */
export const latestEmail = async (app: FastifyInstance, to: string): Promise<{ subject: string; bodyText: string }> => {
  await app.outboxRelay.drain();
  const res = await app.inject({ url: '/api/v1/dev/mailbox', query: { recipient: to, channel: 'email' } });
  const [message] = res.json().data as { subject: string; bodyText: string }[];
  if (!message) throw new Error(`no e-mail to ${to}`);
  return message;
};

export const linkToken = (text: string, route: 'verify' | 'password-reset'): string => {
  const match = text.match(new RegExp(`/${route}/([A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`no /${route}/ link in the e-mail`);
  return match[1];
};

export type LoggedIn = {
  userId: string;
  email: string;
  password: string;
  csrfToken: string;
  /** Pass as `headers` to `app.inject` for a logged-in, CSRF-protected call. */
  headers: { cookie: string; [CSRF_HEADER]: string };
};

let counter = 0;

/**
 * A fresh, verified account with a name and a password, logged in, through the real calls
 * (register → e-mail → verify → name → password). For every module's integration tests.
 */
export const createLoggedInUser = async (
  app: FastifyInstance,
  options: { email?: string; password?: string; partnerId?: string } = {},
): Promise<LoggedIn> => {
  counter += 1;
  const email = options.email ?? `user-${process.pid}-${Date.now()}-${counter}@example.at`;
  const password = options.password ?? 'Ziegelstein-Anteil-2026';
  const registered = await app.inject({
    method: 'POST',
    url: '/auth/register',
    headers: options.partnerId ? { 'x-partner-id': options.partnerId } : {},
    payload: { email },
    // Each test user registers from its own address, as real users do: the per-address
    // registration throttle then limits no test that needs many users.
    remoteAddress: `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
  });
  if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.body}`);
  const token = linkToken((await latestEmail(app, email)).bodyText, 'verify');
  const verified = await app.inject({ method: 'POST', url: '/auth/verify-email', payload: { token } });
  const csrfToken = verified.json().data.csrfToken as string;
  const headers = { cookie: cookieHeaderOf(verified), [CSRF_HEADER]: csrfToken };
  await app.inject({
    method: 'PUT',
    url: '/api/v2/user',
    headers,
    payload: { firstName: 'Erika', lastName: 'Muster' },
  });
  const set = await app.inject({
    method: 'PATCH',
    url: '/auth/set-password',
    headers,
    payload: { passwordNew: password },
  });
  if (set.statusCode !== 200) throw new Error(`set-password failed: ${set.body}`);
  return { userId: verified.json().data.userId, email, password, csrfToken, headers };
};
