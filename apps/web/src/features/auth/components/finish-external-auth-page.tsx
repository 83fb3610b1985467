import type { SessionInfo } from '@bw/contracts';
import { LoaderCircle, ShieldAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { StatusPage } from '../../../components/status-page';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { getUser } from '../api/get-user';
import { ichAppLogin } from '../api/ich-app';
import { loginWithToken } from '../api/login-link';
import { useSessionActions } from '../hooks/use-session-actions';

/** Codes and tokens are single use: React's double effects must not redeem them twice. */
const logins = new Map<string, Promise<SessionInfo>>();
const once = (key: string, run: () => Promise<SessionInfo>): Promise<SessionInfo> => {
  let pending = logins.get(key);
  if (!pending) {
    pending = run();
    logins.set(key, pending);
  }
  return pending;
};

/**
 * `/finishExternalAuth` (spec section 4, External login): `code` + `state` (+ `iss`) from ichApp, or `token` of
 * an e-mailed login link or a session switch → log in, load the user, then finish the registration
 * (no first or last name) or open the saved target.
 */
export const FinishExternalAuthPage = () => {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const href = useScreenHref();
  const { finishLogin } = useSessionActions();
  const [failed, setFailed] = useState(false);
  const code = search.get('code');
  const state = search.get('state');
  const issuer = search.get('iss');
  const token = search.get('token');

  useEffect(() => {
    let cancelled = false;
    const login = code
      ? once(`code:${code}`, () =>
          ichAppLogin({ code, ...(state ? { state } : {}), ...(issuer ? { iss: issuer } : {}) }),
        )
      : token
        ? once(`token:${token}`, () => loginWithToken(token))
        : Promise.reject(new Error('no code or token'));
    login
      .then(async (info) => {
        // Spec section 4: after the login the user is loaded; the name decides where to go.
        const user = await getUser().catch(() => null);
        const needsName = user ? !user.firstName || !user.lastName : info.needsName;
        if (!cancelled) finishLogin({ ...info, needsName });
      })
      .catch((error: unknown) => {
        // Spec section 8: the failure itself is reported, not shown; the screen only offers the way back.
        console.error('[finishExternalAuth]', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [code, state, issuer, token, finishLogin]);

  if (failed) {
    return (
      <StatusPage icon={ShieldAlert} title={t('auth.finishFailedTitle')} text={t('auth.finishFailedText')}>
        <Link to={href({ key: 'login' })} className={buttonClass('primary', true)}>
          {t('auth.toLogin')}
        </Link>
      </StatusPage>
    );
  }
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6" role="status">
      <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-brand-text" />
      <h1 className="text-xl font-semibold text-navy-900">{t('auth.finishingTitle')}</h1>
    </section>
  );
};
