import { Fingerprint } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { Form, FormError, PasswordField, SubmitButton, showErrors, useZodForm } from '../../../components/form';
import { useTranslation } from '../../../lib/i18n';
import { biometricPort } from '../../../lib/native/biometric';
import { isNativeShell } from '../../../lib/native/shell';
import { useShellStore } from '../../../stores/shell-store';
import { useBiometricTexts } from '../hooks/use-biometric-texts';
import { useSessionActions } from '../hooks/use-session-actions';
import { loginForm } from '../lib/auth-forms';
import { enableBiometricLogin, offerCredentialsForBiometrics, pendingCredentials } from '../lib/biometric-login';
import { AuthScreen } from './auth-screen';

const confirmForm = loginForm.pick({ password: true });

/**
 * Spec section 2, biometrics prompt: after a login, turn on face or finger for the next ones. In the
 * shell the credentials go to the Keychain / Keystore (the password once more when the prompt was
 * opened from elsewhere); on the web a passkey is created.
 */
export const BiometricsPage = () => {
  const { t } = useTranslation();
  const texts = useBiometricTexts();
  const { goToTarget } = useSessionActions();
  const email = useShellStore((state) => state.user?.email ?? state.lastUserEmail ?? '');
  const [offered] = useState(pendingCredentials);
  const native = isNativeShell();
  const [available, setAvailable] = useState<boolean | null>(null);
  const form = useZodForm(confirmForm, { defaultValues: { password: offered?.password ?? '' } });

  useEffect(() => {
    void biometricPort(texts)
      .available()
      .then((kind) => setAvailable(kind !== null));
  }, [texts]);

  const answer = (enabled: boolean) => {
    offerCredentialsForBiometrics(null);
    useShellStore.getState().patch({
      biometricsPromptAnswered: true,
      ...(enabled ? { biometricsEnabled: true, lastUserEmail: email } : {}),
    });
    if (enabled) useShellStore.getState().showToast(t('biometrics.enabled'));
    goToTarget();
  };

  const enable = async ({ password }: { password: string }) => {
    const done = await enableBiometricLogin(texts, native ? { email, password } : null);
    if (!done) {
      showErrors(form, { form: t('biometrics.enableFailed') });
      return;
    }
    answer(true);
  };

  return (
    <AuthScreen
      title={t('biometrics.promptTitle')}
      text={native ? t('biometrics.promptText') : t('biometrics.promptTextWeb')}
    >
      <div className="mb-6 grid place-items-center">
        <span className="grid size-20 place-items-center rounded-full bg-brand/10 text-brand-text">
          <Fingerprint aria-hidden="true" className="size-10" />
        </span>
      </div>
      {available === false ? (
        <p role="status" className="mb-4 text-navy-700">
          {t('biometrics.unavailable')}
        </p>
      ) : null}
      <Form
        form={form}
        onSubmit={enable}
        serverErrors={{ fallback: t('biometrics.enableFailed') }}
        className="flex flex-col gap-4"
      >
        <FormError />
        {native && !offered ? (
          <>
            <p className="text-sm text-navy-700">{t('biometrics.confirmPassword')}</p>
            <PasswordField label={t('auth.password')} name="password" autoComplete="current-password" />
          </>
        ) : null}
        <SubmitButton block disabled={available !== true}>
          {t('biometrics.enable')}
        </SubmitButton>
      </Form>
      <Button block variant="secondary" className="mt-3" onClick={() => answer(false)}>
        {t('biometrics.later')}
      </Button>
    </AuthScreen>
  );
};
