import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Form, FormError, FormMessage, PasswordField, SubmitButton, useZodForm } from '../../../components/form';
import { useTranslation } from '../../../lib/i18n';
import { changePasswordForm, NEW_PASSWORD_CODE_FIELDS } from '../../auth/lib/auth-forms';
import { changePassword } from '../api/change-password';

const emptyPasswords = { passwordOld: '', passwordNew: '' };

/** Spec section 2, update password (old, new); 'Passwort ist nicht korrekt' at the old one. */
export const ChangePasswordCard = () => {
  const { t } = useTranslation();
  const form = useZodForm(changePasswordForm, { defaultValues: emptyPasswords });
  const [notice, setNotice] = useState<string | null>(null);

  const submit = async (values: { passwordOld: string; passwordNew: string }) => {
    await changePassword(values);
    form.reset(emptyPasswords);
    setNotice(t('settings.passwordChanged'));
  };

  return (
    <section aria-labelledby="settings-password" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
      <h2 id="settings-password" className="flex items-center gap-2 text-lg font-semibold text-navy-900">
        <KeyRound aria-hidden="true" className="size-5 text-brand-text" />
        {t('settings.changePasswordTitle')}
      </h2>
      <p className="mt-1 text-sm text-navy-700">{t('settings.changePasswordText')}</p>
      {/* 'Passwort ist nicht korrekt' at the old password; 'Fehler beim Ändern des Passworts.' above (spec 5, 8). */}
      <Form
        form={form}
        onSubmit={submit}
        onSubmitCapture={() => setNotice(null)}
        serverErrors={{
          fallback: t('auth.genericError'),
          codeFields: { PASSWORD_INCORRECT: 'passwordOld', ...NEW_PASSWORD_CODE_FIELDS },
        }}
        className="mt-4 flex flex-col gap-4"
        data-testid="change-password"
      >
        <FormError />
        <FormMessage tone="success" text={notice} />
        <PasswordField label={t('settings.oldPassword')} name="passwordOld" autoComplete="current-password" />
        <PasswordField
          label={t('settings.newPassword')}
          name="passwordNew"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
        />
        <SubmitButton className="sm:self-start">{t('settings.changePasswordSubmit')}</SubmitButton>
      </Form>
    </section>
  );
};
