import { KeyRound, LogOut, UserRound, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form/form-message';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { PasswordField } from '../../auth/components/text-field';
import { useSessionActions } from '../../auth/hooks/use-session-actions';
import { serverErrors } from '../../auth/lib/server-errors';
import { collectErrors, hasErrors, validateLoginPassword, validateNewPassword } from '../../auth/lib/validation';
import { changePassword } from '../api/change-password';

type Field = 'passwordOld' | 'passwordNew';

/** Spec section 2, settings: update the password (old, new), switch account, log out. */
export const SettingsPage = () => {
  const { t } = useTranslation();
  const email = useShellStore((state) => state.user?.email ?? '');
  const { endSession } = useSessionActions();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">{t('settings.title')}</h1>
        <p className="flex items-center gap-2 text-navy-700">
          <UserRound aria-hidden="true" className="size-4" />
          <span>
            {t('settings.signedInAs')} <span className="font-semibold text-navy-900">{email}</span>
          </span>
        </p>
      </header>
      <ChangePasswordCard />
      <section aria-labelledby="settings-session" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
        <h2 id="settings-session" className="text-lg font-semibold text-navy-900">
          {t('settings.sessionTitle')}
        </h2>
        <p className="mt-1 text-sm text-navy-700">{t('settings.switchAccountText')}</p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Button variant="secondary" onClick={() => void endSession()} data-testid="switch-account">
            <Users aria-hidden="true" className="size-5" />
            {t('settings.switchAccount')}
          </Button>
          <Button variant="secondary" onClick={() => void endSession()} data-testid="logout">
            <LogOut aria-hidden="true" className="size-5" />
            {t('settings.logout')}
          </Button>
        </div>
      </section>
    </div>
  );
};

const ChangePasswordCard = () => {
  const { t } = useTranslation();
  const [passwordOld, setPasswordOld] = useState('');
  const [passwordNew, setPasswordNew] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setFormError(null);
    const found = collectErrors({
      passwordOld: validateLoginPassword(passwordOld),
      passwordNew: validateNewPassword(passwordNew, 'new'),
    });
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])));
    if (hasErrors(found)) return;
    setPending(true);
    try {
      await changePassword({ passwordOld, passwordNew });
      setPasswordOld('');
      setPasswordNew('');
      setNotice(t('settings.passwordChanged'));
    } catch (error) {
      // 'Passwort ist nicht korrekt' at the old password; 'Fehler beim Ändern des Passworts.' above (spec 5, 8).
      const placed = serverErrors<Field>(
        error,
        {
          PASSWORD_INCORRECT: 'passwordOld',
          PASSWORD_TOO_SHORT: 'passwordNew',
          PASSWORD_NEEDS_CAPITAL: 'passwordNew',
          PASSWORD_TOO_COMMON: 'passwordNew',
        },
        ['passwordOld', 'passwordNew'],
        t('auth.genericError'),
      );
      setErrors(placed.fields);
      setFormError(placed.form);
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="settings-password" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
      <h2 id="settings-password" className="flex items-center gap-2 text-lg font-semibold text-navy-900">
        <KeyRound aria-hidden="true" className="size-5 text-brand-text" />
        {t('settings.changePasswordTitle')}
      </h2>
      <p className="mt-1 text-sm text-navy-700">{t('settings.changePasswordText')}</p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="mt-4 flex flex-col gap-4"
        aria-busy={pending}
        data-testid="change-password"
      >
        <FormMessage tone="error" text={formError} />
        <FormMessage tone="success" text={notice} />
        <PasswordField
          label={t('settings.oldPassword')}
          name="passwordOld"
          autoComplete="current-password"
          value={passwordOld}
          onChange={(event) => setPasswordOld(event.target.value)}
          error={errors.passwordOld}
        />
        <PasswordField
          label={t('settings.newPassword')}
          name="passwordNew"
          autoComplete="new-password"
          value={passwordNew}
          onChange={(event) => setPasswordNew(event.target.value)}
          error={errors.passwordNew}
          hint={t('auth.passwordHint')}
        />
        <Button type="submit" disabled={pending} className="sm:self-start">
          {t('settings.changePasswordSubmit')}
        </Button>
      </form>
    </section>
  );
};
