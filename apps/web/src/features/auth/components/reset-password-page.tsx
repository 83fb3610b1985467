import { CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useReducer, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import {
  Form,
  FormError,
  FormMessage,
  PasswordField,
  SubmitButton,
  serverMessage,
  showErrors,
  TextField,
  useZodForm,
} from '../../../components/form';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { checkResetToken, finishReset, requestResetCode } from '../api/reset-password';
import { NEW_PASSWORD_CODE_FIELDS, resetCodeForm, resetEmailForm, resetPasswordForm } from '../lib/auth-forms';
import {
  initialResetState,
  RESET_STEP_COUNT,
  type ResetEvent,
  type ResetState,
  resetFinishBodyOf,
  resetReducer,
  resetStepNumber,
} from '../lib/reset-steps';
import { AuthScreen } from './auth-screen';
import { EmailField } from './email-field';

type Dispatch = (event: ResetEvent) => void;

const textButton = 'min-h-10 rounded-lg px-2 hover:bg-navy-100';

/** Spec section 4, Passwords: e-mail → code → new password → success (lib/reset-steps.ts). */
export const ResetPasswordPage = () => {
  const [search] = useSearchParams();
  const [state, dispatch] = useReducer(resetReducer, search.get('passwordToken'), initialResetState);
  const step = { current: resetStepNumber(state.step), total: RESET_STEP_COUNT };

  useEffect(() => {
    if (state.step !== 'checkingLink') return;
    let cancelled = false;
    checkResetToken({ token: state.token }).then(
      () => !cancelled && dispatch({ type: 'linkAccepted' }),
      () => !cancelled && dispatch({ type: 'linkRejected' }),
    );
    return () => {
      cancelled = true;
    };
  }, [state]);

  switch (state.step) {
    case 'email':
      return <EmailStep step={step} dispatch={dispatch} />;
    case 'code':
      return <CodeStep step={step} email={state.email} dispatch={dispatch} />;
    case 'checkingLink':
      return <CheckingLink step={step} />;
    case 'linkInvalid':
      return <LinkInvalid dispatch={dispatch} />;
    case 'password':
      return <PasswordStep step={step} state={state} dispatch={dispatch} />;
    case 'success':
      return <Success step={step} />;
  }
};

type StepProps = { readonly step: { readonly current: number; readonly total: number }; readonly dispatch: Dispatch };

const EmailStep = ({ step, dispatch }: StepProps) => {
  const { t } = useTranslation();
  const form = useZodForm(resetEmailForm, { defaultValues: { email: '' } });
  const submit = async ({ email }: { email: string }) => {
    await requestResetCode(email);
    dispatch({ type: 'codeSent', email: email.toLowerCase() });
  };
  return (
    <AuthScreen
      title={t('resetPassword.emailTitle')}
      text={t('resetPassword.emailText')}
      step={step}
      footer={<BackToLogin />}
    >
      {/* 'Aus Sicherheitsgründen …' (SECURITY_LOCK, spec section 8) shows above the form. */}
      <Form
        form={form}
        onSubmit={submit}
        serverErrors={{ fallback: t('auth.genericError'), codeFields: { EMAIL_INVALID: 'email' } }}
        className="flex flex-col gap-4"
      >
        <FormError />
        <EmailField />
        <SubmitButton block>{t('resetPassword.emailSubmit')}</SubmitButton>
      </Form>
    </AuthScreen>
  );
};

const CodeStep = ({ step, email, dispatch }: StepProps & { readonly email: string }) => {
  const { t } = useTranslation();
  const form = useZodForm(resetCodeForm, { defaultValues: { code: '' } });
  const [notice, setNotice] = useState<string | null>(null);
  const submit = async ({ code }: { code: string }) => {
    await checkResetToken({ token: code, email });
    dispatch({ type: 'codeAccepted', code });
  };
  const resend = async () => {
    form.clearErrors('root');
    try {
      await requestResetCode(email);
      setNotice(t('resetPassword.codeResent'));
    } catch (caught) {
      showErrors(form, { form: serverMessage(caught, t('auth.genericError')) });
    }
  };
  return (
    <AuthScreen title={t('resetPassword.codeTitle')} text={t('resetPassword.codeText', { email })} step={step}>
      {/* 'Der eingegebene Code ist falsch.' at the field; 'Aus Sicherheitsgründen …' (SECURITY_LOCK) above it. */}
      <Form
        form={form}
        onSubmit={submit}
        onSubmitCapture={() => setNotice(null)}
        serverErrors={{
          fallback: t('auth.genericError'),
          codeFields: { CODE_WRONG: 'code', TOKEN_INVALID: 'code' },
        }}
        className="flex flex-col gap-4"
      >
        <FormError />
        <FormMessage tone="success" text={notice} />
        <TextField
          label={t('resetPassword.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.4em]"
        />
        <SubmitButton block>{t('resetPassword.codeSubmit')}</SubmitButton>
        <div className="flex items-center justify-between gap-2 text-sm font-semibold text-brand-text">
          <button type="button" className={textButton} onClick={() => dispatch({ type: 'back' })}>
            {t('resetPassword.back')}
          </button>
          <button type="button" className={textButton} onClick={() => void resend()}>
            {t('resetPassword.resendCode')}
          </button>
        </div>
      </Form>
    </AuthScreen>
  );
};

const CheckingLink = ({ step }: { readonly step: StepProps['step'] }) => {
  const { t } = useTranslation();
  return (
    <AuthScreen title={t('resetPassword.passwordTitle')} step={step}>
      <p role="status" className="flex items-center gap-2 text-navy-700">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        {t('resetPassword.checkingLink')}
      </p>
    </AuthScreen>
  );
};

const LinkInvalid = ({ dispatch }: { readonly dispatch: Dispatch }) => {
  const { t } = useTranslation();
  return (
    <AuthScreen title={t('resetPassword.emailTitle')} text={t('resetPassword.linkInvalid')}>
      <Button block onClick={() => dispatch({ type: 'startOver' })}>
        {t('resetPassword.startOver')}
      </Button>
    </AuthScreen>
  );
};

const PasswordStep = ({
  step,
  state,
  dispatch,
}: StepProps & { readonly state: Extract<ResetState, { step: 'password' }> }) => {
  const { t } = useTranslation();
  const form = useZodForm(resetPasswordForm, { defaultValues: { passwordNew: '' } });
  const submit = async ({ passwordNew }: { passwordNew: string }) => {
    await finishReset(resetFinishBodyOf(state, passwordNew));
    dispatch({ type: 'passwordSaved' });
  };
  return (
    <AuthScreen title={t('resetPassword.passwordTitle')} text={t('resetPassword.passwordText')} step={step}>
      <Form
        form={form}
        onSubmit={submit}
        serverErrors={{ fallback: t('auth.genericError'), codeFields: NEW_PASSWORD_CODE_FIELDS }}
        className="flex flex-col gap-4"
      >
        <FormError />
        <PasswordField
          label={t('resetPassword.newPassword')}
          name="passwordNew"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
        />
        <SubmitButton block>{t('resetPassword.passwordSubmit')}</SubmitButton>
      </Form>
    </AuthScreen>
  );
};

const Success = ({ step }: { readonly step: StepProps['step'] }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <AuthScreen title={t('resetPassword.successTitle')} text={t('resetPassword.successText')} step={step}>
      <div className="flex flex-col items-center gap-5">
        <span className="grid size-16 place-items-center rounded-2xl bg-emerald-50 text-success">
          <CircleCheck aria-hidden="true" className="size-8" strokeWidth={1.75} />
        </span>
        <Link to={href({ key: 'login' })} className={buttonClass('primary', true)}>
          {t('resetPassword.toLogin')}
        </Link>
      </div>
    </AuthScreen>
  );
};

const BackToLogin = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <Link to={href({ key: 'login' })} className="font-semibold text-brand-text underline-offset-2 hover:underline">
      {t('resetPassword.toLogin')}
    </Link>
  );
};
