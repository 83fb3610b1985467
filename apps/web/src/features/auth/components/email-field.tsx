import { TextField } from '../../../components/form';
import { useTranslation } from '../../../lib/i18n';

/**
 * The e-mail input (field `email`) of login, registration and password reset (spec section 5: the
 * e-mail must be valid). `username` where a password follows (login), so password managers pair them.
 */
export const EmailField = ({ autoComplete = 'email' }: { readonly autoComplete?: 'email' | 'username' }) => {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.email')}
      name="email"
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      placeholder={t('auth.emailPlaceholder')}
    />
  );
};
