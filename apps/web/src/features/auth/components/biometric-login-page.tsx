import { Fingerprint } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { isNativeShell } from '../../../lib/native/shell';
import { useShellStore } from '../../../stores/shell-store';
import { useBiometricTexts } from '../hooks/use-biometric-texts';
import { useSessionActions } from '../hooks/use-session-actions';
import { loginWithBiometrics } from '../lib/biometric-login';
import { AuthScreen } from './auth-screen';

/**
 * Spec sections 2 and 4: the start opens this screen when biometrics are on and a last user exists.
 * In the shell the sensor is asked at once; a failure or a cancel leaves the way to the password.
 */
export const BiometricLoginPage = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const texts = useBiometricTexts();
  const { finishLogin } = useSessionActions();
  const email = useShellStore((state) => state.lastUserEmail);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const asked = useRef(false);

  const attempt = useCallback(async () => {
    setBusy(true);
    setFailed(false);
    try {
      const session = await loginWithBiometrics(texts);
      if (session) {
        finishLogin(session);
        return;
      }
      setFailed(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, [finishLogin, texts]);

  useEffect(() => {
    if (asked.current || !isNativeShell()) return;
    asked.current = true;
    void attempt();
  }, [attempt]);

  return (
    <AuthScreen
      title={t('biometrics.loginTitle')}
      text={email ? t('biometrics.loginText', { email }) : t('biometrics.loginTextAnonymous')}
      footer={
        <Link
          to={href({ key: 'login' })}
          className="font-semibold text-brand-text underline-offset-2 hover:underline"
          data-testid="biometric-to-password"
        >
          {t('biometrics.withPassword')}
        </Link>
      }
    >
      <div className="flex flex-col gap-4">
        <FormMessage tone="error" text={failed ? t('biometrics.loginFailed') : null} />
        <Button block onClick={() => void attempt()} disabled={busy} aria-busy={busy}>
          <Fingerprint aria-hidden="true" className="size-5" />
          {t('biometrics.loginAction')}
        </Button>
      </div>
    </AuthScreen>
  );
};
