import { formatDate } from '@bw/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Fingerprint } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form';
import { currentLocale, useTranslation } from '../../../lib/i18n';
import { webBiometric } from '../../../lib/native/biometric';
import { isNativeShell } from '../../../lib/native/shell';
import { useShellStore } from '../../../stores/shell-store';
import { passkeysQuery, removePasskey, usePasskeys } from '../../auth/api/passkeys';
import { useBiometricTexts } from '../../auth/hooks/use-biometric-texts';
import { enableBiometricLogin } from '../../auth/lib/biometric-login';
import { SettingsCard } from './settings-card';

/**
 * Passkeys in the settings of the web families (ADR 0029): the desktop's place for the biometrics
 * prompt (spec section 2 has no desktop biometrics screen), and where a device's passkey is removed.
 */
export const PasskeySettings = () => {
  const { t } = useTranslation();
  const texts = useBiometricTexts();
  const queries = useQueryClient();
  const passkeys = usePasskeys();
  const [supported, setSupported] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  useEffect(() => {
    void webBiometric.available().then((kind) => setSupported(kind !== null));
  }, []);

  if (isNativeShell()) return null;
  const refresh = () => queries.invalidateQueries({ queryKey: passkeysQuery().queryKey });

  const add = async () => {
    setMessage(null);
    try {
      if (!(await enableBiometricLogin(texts, null))) throw new Error('cancelled');
      useShellStore.getState().patch({ biometricsEnabled: true, biometricsPromptAnswered: true });
      setMessage({ tone: 'success', text: t('biometrics.passkeyAdded') });
    } catch {
      setMessage({ tone: 'error', text: t('biometrics.enableFailed') });
    }
    await refresh();
  };

  const remove = async (id: string) => {
    await removePasskey(id);
    await refresh();
  };

  const list = passkeys.data?.passkeys ?? [];
  return (
    <SettingsCard
      icon={Fingerprint}
      title={t('biometrics.passkeysTitle')}
      text={t('biometrics.passkeysText')}
      testId="passkey-settings"
    >
      <FormMessage tone={message?.tone ?? 'success'} text={message?.text ?? null} />
      {list.length === 0 ? (
        <p className="text-sm text-navy-700">{t('biometrics.passkeysEmpty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.map((passkey) => (
            <li
              key={passkey.id}
              className="flex items-center justify-between gap-3 rounded-xl bg-navy-100/40 px-4 py-3"
              data-testid="passkey"
            >
              <span className="min-w-0">
                <span className="block font-medium text-navy-900">{passkey.label}</span>
                <span className="block text-sm text-navy-700">
                  {t('biometrics.createdAt', { date: formatDate(new Date(passkey.createdAt), currentLocale()) })}
                </span>
              </span>
              <Button variant="secondary" onClick={() => void remove(passkey.id)}>
                {t('biometrics.removePasskey')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <Button onClick={() => void add()} data-testid="add-passkey">
          <Fingerprint aria-hidden="true" className="size-5" />
          {t('biometrics.addPasskey')}
        </Button>
      ) : null}
    </SettingsCard>
  );
};
