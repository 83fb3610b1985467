import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form/form-message';
import { useTranslation } from '../../../lib/i18n';
import { setPassword } from '../api/set-password';
import { updateUserName } from '../api/update-user';
import { useSessionActions } from '../hooks/use-session-actions';
import { serverErrors } from '../lib/server-errors';
import { collectErrors, hasErrors, validateName, validateNewPassword } from '../lib/validation';
import { AuthScreen } from './auth-screen';
import { PasswordField, TextField } from './text-field';

type Field = 'firstName' | 'lastName' | 'passwordNew';

/**
 * The NamePassword step (spec section 4): `PUT /api/v2/user` with the name, then the first password
 * (`PATCH /auth/set-password`, at least 10 characters at registration). `askPassword` is false for
 * `register?finishRegistration&hidePassword` after an external login.
 */
export const NamePasswordStep = ({
  askPassword,
  step,
}: {
  readonly askPassword: boolean;
  readonly step: { readonly current: number; readonly total: number };
}) => {
  const { t } = useTranslation();
  const { goToTarget } = useSessionActions();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPasswordValue] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [nameSaved, setNameSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors({
      firstName: validateName(firstName, 'firstName'),
      lastName: validateName(lastName, 'lastName'),
      passwordNew: askPassword ? validateNewPassword(password, 'registration') : null,
    });
    setErrors(Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])));
    setFormError(null);
    if (hasErrors(found)) return;
    setPending(true);
    try {
      if (!nameSaved) {
        await updateUserName({ firstName: firstName.trim(), lastName: lastName.trim() });
        setNameSaved(true);
      }
      if (askPassword) await setPassword(password);
      goToTarget();
    } catch (error) {
      const placed = serverErrors<Field>(
        error,
        {
          PASSWORD_TOO_SHORT: 'passwordNew',
          PASSWORD_NEEDS_CAPITAL: 'passwordNew',
          PASSWORD_TOO_COMMON: 'passwordNew',
        },
        ['firstName', 'lastName', 'passwordNew'],
        t('auth.genericError'),
      );
      setErrors(placed.fields);
      setFormError(placed.form);
      setPending(false);
    }
  };

  return (
    <AuthScreen
      title={t('register.nameTitle')}
      text={askPassword ? t('register.namePasswordText') : t('register.nameText')}
      step={step}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-busy={pending}>
        <FormMessage tone="error" text={formError} />
        <TextField
          label={t('register.firstName')}
          name="firstName"
          autoComplete="given-name"
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          error={errors.firstName}
        />
        <TextField
          label={t('register.lastName')}
          name="lastName"
          autoComplete="family-name"
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          error={errors.lastName}
        />
        {askPassword ? (
          <PasswordField
            label={t('auth.password')}
            name="passwordNew"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPasswordValue(event.target.value)}
            error={errors.passwordNew}
            hint={t('auth.passwordHintRegistration')}
          />
        ) : null}
        <Button type="submit" block disabled={pending}>
          {askPassword ? t('register.nameSubmit') : t('register.nameSubmitNoPassword')}
        </Button>
      </form>
    </AuthScreen>
  );
};
