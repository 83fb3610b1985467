import { ShieldAlert } from 'lucide-react';
import { useTranslation } from '../../../lib/i18n';

/** Spec section 8: shown wherever signing is needed and no security app is linked. */
export const NoSecurityAppMessage = () => {
  const { t } = useTranslation();
  return (
    <p role="alert" className="flex items-start gap-2 rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <span>{t('securityApp.noApp')}</span>
    </p>
  );
};
