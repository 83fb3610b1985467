import { useMemo, useRef } from 'react';
import { Form, FormError, PasswordField, SubmitButton, TextField, useZodForm } from '../../../components/form';
import { useTranslation } from '../../../lib/i18n';
import { setPassword } from '../api/set-password';
import { updateUserName } from '../api/update-user';
import { useSessionActions } from '../hooks/use-session-actions';
import { NEW_PASSWORD_CODE_FIELDS, namePasswordForm } from '../lib/auth-forms';
import { AuthScreen } from './auth-screen';

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
  const schema = useMemo(() => namePasswordForm(askPassword), [askPassword]);
  const form = useZodForm(schema, { defaultValues: { firstName: '', lastName: '', passwordNew: '' } });
  /** A refused password must not send the name again. */
  const nameSaved = useRef(false);

  const submit = async ({
    firstName,
    lastName,
    passwordNew,
  }: {
    firstName: string;
    lastName: string;
    passwordNew: string;
  }) => {
    if (!nameSaved.current) {
      await updateUserName({ firstName, lastName });
      nameSaved.current = true;
    }
    if (askPassword) await setPassword(passwordNew);
    goToTarget();
  };

  return (
    <AuthScreen
      title={t('register.nameTitle')}
      text={askPassword ? t('register.namePasswordText') : t('register.nameText')}
      step={step}
    >
      <Form
        form={form}
        onSubmit={submit}
        serverErrors={{ fallback: t('auth.genericError'), codeFields: NEW_PASSWORD_CODE_FIELDS }}
        className="flex flex-col gap-4"
      >
        <FormError />
        <TextField label={t('register.firstName')} name="firstName" autoComplete="given-name" />
        <TextField label={t('register.lastName')} name="lastName" autoComplete="family-name" />
        {askPassword ? (
          <PasswordField
            label={t('auth.password')}
            name="passwordNew"
            autoComplete="new-password"
            hint={t('auth.passwordHint')}
          />
        ) : null}
        <SubmitButton block>{askPassword ? t('register.nameSubmit') : t('register.nameSubmitNoPassword')}</SubmitButton>
      </Form>
    </AuthScreen>
  );
};
