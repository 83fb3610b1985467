import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import type { BiometricTexts } from '../lib/biometric-login';

/** The texts of the device's biometric prompt, with the partner's app name. */
export const useBiometricTexts = (): BiometricTexts => {
  const { t } = useTranslation();
  const app = useShellStore((state) => state.config?.name ?? 'Brickwise');
  return { reason: t('biometrics.reason', { app }), cancel: t('biometrics.cancel') };
};
