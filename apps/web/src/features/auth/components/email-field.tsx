import { useTranslation } from '../../../lib/i18n';
import { TextField } from './text-field';

type EmailFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error: string | null | undefined;
  /** `username` where a password follows (login), so password managers pair them. */
  autoComplete?: 'email' | 'username';
};

/** The e-mail input of login, registration and password reset (spec section 5: e-mail must be valid). */
export const EmailField = ({ value, onChange, error, autoComplete = 'email' }: EmailFieldProps) => {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.email')}
      name="email"
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      placeholder={t('auth.emailPlaceholder')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
};
