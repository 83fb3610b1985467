import type { SessionInfo } from '@bw/contracts';
import { ArrowRight, Fingerprint, Mail, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import {
  Form,
  FormError,
  FormMessage,
  PasswordField,
  SubmitButton,
  serverMessage,
  showErrors,
  useZodForm,
} from '../../../components/form';
import { paths, type ScreenRef } from '../../../config/paths';
import { useFamily, useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { biometricPort, webBiometric } from '../../../lib/native/biometric';
import { isNativeShell } from '../../../lib/native/shell';
import { useShellStore } from '../../../stores/shell-store';
import { getIchAppUrl } from '../api/ich-app';
import { login } from '../api/login';
import { requestLoginLink } from '../api/login-link';
import { useBiometricTexts } from '../hooks/use-biometric-texts';
import { applySession, useSessionActions } from '../hooks/use-session-actions';
import { loginForm } from '../lib/auth-forms';
import { loginWithBiometrics, offerCredentialsForBiometrics } from '../lib/biometric-login';
import { AuthScreen } from './auth-screen';
import { EmailField } from './email-field';

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
  const form = useZodForm(loginForm, {
    defaultValues: { email: useShellStore.getState().lastUserEmail ?? '', password: '' },
  });
  const [notice, setNotice] = useState<string | null>(null);
  const genericError = t('auth.genericError');
  const biometricTexts = useBiometricTexts();
  /** On the web: a platform authenticator for a passkey login (ADR 0029). */
  const [passkeys, setPasskeys] = useState(false);
  useEffect(() => {
    if (isNativeShell()) return;
    void webBiometric.available().then((kind) => setPasskeys(kind !== null));
  }, []);

  /**
   * Spec section 2, biometrics prompt: after a password login on a phone family with a sensor (or
   * a platform authenticator), once, until the user answered it.
   */
  const afterPasswordLogin = async (info: SessionInfo, values: { email: string; password: string }) => {
    const state = useShellStore.getState();
    const offer =
      family !== 'desktopWeb' &&
      !info.needsName &&
      !state.biometricsPromptAnswered &&
      (await biometricPort(biometricTexts).available()) !== null;
    if (!offer) {
      finishLogin(info);
      return;
    }
    applySession(info);
    offerCredentialsForBiometrics(isNativeShell() ? values : null);
    void navigate(href({ key: 'biometrics' }), { replace: true });
  };

  const loginWithPasskey = async () => {
    form.clearErrors();
    try {
      const session = await loginWithBiometrics(biometricTexts);
      if (session) finishLogin(session);
      else showErrors(form, { form: t('biometrics.loginFailed') });
    } catch (error) {
      showErrors(form, { form: serverMessage(error, t('biometrics.loginFailed')) });
    }
  };

  const sendLoginLink = async () => {
    form.clearErrors();
    setNotice(null);
    if (!(await form.trigger('email'))) return;
    const email = form.getValues('email').trim();
    try {
      await requestLoginLink(email, family);
      setNotice(t('auth.loginLinkSent', { email }));
    } catch (error) {
      showErrors(form, { form: serverMessage(error, genericError) });
    }
  };

  const loginWithIchApp = async () => {
    form.clearErrors();
    try {
      window.location.assign(await getIchAppUrl(family, false));
    } catch (error) {
      showErrors(form, { form: serverMessage(error, genericError) });
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
      <Form
        form={form}
        onSubmit={async (values) =>
          afterPasswordLogin(await login(values, useShellStore.getState().config?.partnerId ?? null), values)
        }
        onSubmitCapture={() => setNotice(null)}
        serverErrors={{ fallback: genericError }}
        className="flex flex-col gap-4"
      >
        <FormError />
        <FormMessage tone="success" text={notice} />
        <EmailField autoComplete="username" />
        <PasswordField label={t('auth.password')} name="password" autoComplete="current-password" />
        <Link
          to={href({ key: 'resetPassword' })}
          className="-mt-1 self-end text-sm font-semibold text-brand-text underline-offset-2 hover:underline"
        >
          {t('auth.forgotPassword')}
        </Link>
        <SubmitButton block>{t('auth.loginSubmit')}</SubmitButton>
      </Form>
      <div className="my-5 flex items-center gap-3 text-sm text-navy-700" aria-hidden="true">
        <span className="h-px flex-1 bg-navy-100" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-navy-100" />
      </div>
      <div className="flex flex-col gap-3">
        {passkeys ? (
          <Button block variant="secondary" onClick={() => void loginWithPasskey()} data-testid="login-passkey">
            <Fingerprint aria-hidden="true" className="size-5" />
            {t('biometrics.withPasskey')}
          </Button>
        ) : null}
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
