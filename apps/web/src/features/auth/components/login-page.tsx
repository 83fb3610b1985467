import { ArrowRight, Mail, ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form/form-message';
import { paths, type ScreenRef } from '../../../config/paths';
import { useFamily, useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { getIchAppUrl } from '../api/ich-app';
import { login } from '../api/login';
import { requestLoginLink } from '../api/login-link';
import { useSessionActions } from '../hooks/use-session-actions';
import { serverErrors } from '../lib/server-errors';
import { collectErrors, hasErrors, validateEmail, validateLoginPassword } from '../lib/validation';
import { AuthScreen } from './auth-screen';
import { EmailField } from './email-field';
import { PasswordField } from './text-field';

type Field = 'email' | 'password';
const marketplace: ScreenRef = { key: 'marketplace' };

/** A guest may continue to the saved target when it needs no account, else to the marketplace. */
export const guestTarget = (target: ScreenRef | null): ScreenRef =>
  target && paths.screens[target.key].guest && target.key !== 'login' && target.key !== 'biometricLogin'
    ? target
    : marketplace;

/** Spec section 2: login with e-mail and password, a login link by e-mail, or ichApp; guests may look around. */
export const LoginPage = () => {
  const { t } = useTranslation();
  const family = useFamily();
  const href = useScreenHref();
  const navigate = useNavigate();
  const { finishLogin } = useSessionActions();
  const [email, setEmail] = useState(() => useShellStore.getState().lastUserEmail ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const found = collectErrors({ email: validateEmail(email), password: validateLoginPassword(password) });
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])));
    setFormError(null);
    if (hasErrors(found)) return;
    setPending(true);
    try {
      finishLogin(await login({ email: email.trim(), password }));
    } catch (error) {
      const placed = serverErrors<Field>(error, {}, ['email', 'password'], t('auth.genericError'));
      setErrors(placed.fields);
      setFormError(placed.form);
      setPending(false);
    }
  };

  const sendLoginLink = async () => {
    const problem = validateEmail(email);
    setErrors(problem ? { email: t(problem) } : {});
    setFormError(null);
    setNotice(null);
    if (problem) return;
    try {
      await requestLoginLink(email.trim(), family);
      setNotice(t('auth.loginLinkSent', { email: email.trim() }));
    } catch (error) {
      setFormError(serverErrors<Field>(error, {}, ['email'], t('auth.genericError')).form);
    }
  };

  const loginWithIchApp = async () => {
    setFormError(null);
    try {
      window.location.assign(await getIchAppUrl(family, false));
    } catch (error) {
      setFormError(serverErrors<Field>(error, {}, [], t('auth.genericError')).form);
    }
  };

  const continueAsGuest = () => {
    const { targetScreen, saveTarget } = useShellStore.getState();
    saveTarget(null);
    void navigate(href(guestTarget(targetScreen)));
  };

  return (
    <AuthScreen
      title={t('auth.loginTitle')}
      text={t('auth.loginText')}
      footer={
        <div className="flex flex-col items-center gap-3">
          <p>
            {t('auth.noAccount')}{' '}
            <Link
              to={href({ key: 'register' })}
              className="font-semibold text-brand-text underline-offset-2 hover:underline"
            >
              {t('auth.toRegister')}
            </Link>
          </p>
          <button
            type="button"
            onClick={continueAsGuest}
            data-testid="continue-as-guest"
            className="inline-flex min-h-10 items-center gap-1 rounded-lg px-3 font-semibold text-navy-700 hover:bg-navy-100 hover:text-navy-900"
          >
            {t('auth.continueAsGuest')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </button>
        </div>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-busy={pending}>
        <FormMessage tone="error" text={formError} />
        <FormMessage tone="success" text={notice} />
        <EmailField value={email} onChange={setEmail} error={errors.email} autoComplete="username" />
        <PasswordField
          label={t('auth.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <Link
          to={href({ key: 'resetPassword' })}
          className="-mt-1 self-end text-sm font-semibold text-brand-text underline-offset-2 hover:underline"
        >
          {t('auth.forgotPassword')}
        </Link>
        <Button type="submit" block disabled={pending}>
          {t('auth.loginSubmit')}
        </Button>
      </form>
      <div className="my-5 flex items-center gap-3 text-sm text-navy-700" aria-hidden="true">
        <span className="h-px flex-1 bg-navy-100" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-navy-100" />
      </div>
      <div className="flex flex-col gap-3">
        <Button block variant="secondary" onClick={() => void sendLoginLink()}>
          <Mail aria-hidden="true" className="size-5" />
          {t('auth.loginWithLink')}
        </Button>
        <Button block variant="secondary" onClick={() => void loginWithIchApp()}>
          <ShieldCheck aria-hidden="true" className="size-5" />
          {t('auth.loginWithIchApp')}
        </Button>
      </div>
    </AuthScreen>
  );
};
