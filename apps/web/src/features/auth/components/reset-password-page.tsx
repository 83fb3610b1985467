import { CircleCheck, LoaderCircle } from 'lucide-react';
import { type FormEvent, useEffect, useReducer, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { FormMessage } from '../../../components/form/form-message';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { checkResetToken, finishReset, requestResetCode } from '../api/reset-password';
import {
  initialResetState,
  RESET_STEP_COUNT,
  type ResetEvent,
  type ResetState,
  resetFinishBodyOf,
  resetReducer,
  resetStepNumber,
} from '../lib/reset-steps';
import { serverErrors } from '../lib/server-errors';
import { normalizeCode, validateCode, validateEmail, validateNewPassword } from '../lib/validation';
import { AuthScreen } from './auth-screen';
import { EmailField } from './email-field';
import { PasswordField, TextField } from './text-field';

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
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const problem = validateEmail(email);
    setError(problem ? t(problem) : null);
    if (problem) return;
    setPending(true);
    try {
      await requestResetCode(email.trim());
      dispatch({ type: 'codeSent', email: email.trim().toLowerCase() });
    } catch (caught) {
      // 'Aus Sicherheitsgründen …' (SECURITY_LOCK, spec section 8) shows above the form.
      const placed = serverErrors(caught, { EMAIL_INVALID: 'email' }, ['email'], t('auth.genericError'));
      setError(placed.fields.email ?? null);
      setFormError(placed.form);
      setPending(false);
    }
  };
  return (
    <AuthScreen
      title={t('resetPassword.emailTitle')}
      text={t('resetPassword.emailText')}
      step={step}
      footer={<BackToLogin />}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-busy={pending}>
        <FormMessage tone="error" text={formError} />
        <EmailField value={email} onChange={setEmail} error={error} />
        <Button type="submit" block disabled={pending}>
          {t('resetPassword.emailSubmit')}
        </Button>
      </form>
    </AuthScreen>
  );
};

const CodeStep = ({ step, email, dispatch }: StepProps & { readonly email: string }) => {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setFormError(null);
    const problem = validateCode(code);
    setError(problem ? t(problem) : null);
    if (problem) return;
    setPending(true);
    try {
      await checkResetToken({ token: normalizeCode(code), email });
      dispatch({ type: 'codeAccepted', code: normalizeCode(code) });
    } catch (caught) {
      // 'Der eingegebene Code ist falsch.' at the field; 'Aus Sicherheitsgründen …' (SECURITY_LOCK) above it.
      const placed = serverErrors(
        caught,
        { CODE_WRONG: 'code', TOKEN_INVALID: 'code' },
        ['code'],
        t('auth.genericError'),
      );
      setError(placed.fields.code ?? null);
      setFormError(placed.form);
      setPending(false);
    }
  };
  const resend = async () => {
    setFormError(null);
    try {
      await requestResetCode(email);
      setNotice(t('resetPassword.codeResent'));
    } catch (caught) {
      setFormError(serverErrors(caught, {}, [], t('auth.genericError')).form);
    }
  };
  return (
    <AuthScreen title={t('resetPassword.codeTitle')} text={t('resetPassword.codeText', { email })} step={step}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-busy={pending}>
        <FormMessage tone="error" text={formError} />
        <FormMessage tone="success" text={notice} />
        <TextField
          label={t('resetPassword.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.4em]"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
        />
        <Button type="submit" block disabled={pending}>
          {t('resetPassword.codeSubmit')}
        </Button>
        <div className="flex items-center justify-between gap-2 text-sm font-semibold text-brand-text">
          <button type="button" className={textButton} onClick={() => dispatch({ type: 'back' })}>
            {t('resetPassword.back')}
          </button>
          <button type="button" className={textButton} onClick={() => void resend()}>
            {t('resetPassword.resendCode')}
          </button>
        </div>
      </form>
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
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const problem = validateNewPassword(password, 'new');
    setError(problem ? t(problem) : null);
    if (problem) return;
    setPending(true);
    try {
      await finishReset(resetFinishBodyOf(state, password));
      dispatch({ type: 'passwordSaved' });
    } catch (caught) {
      const placed = serverErrors(
        caught,
        {
          PASSWORD_TOO_SHORT: 'passwordNew',
          PASSWORD_NEEDS_CAPITAL: 'passwordNew',
          PASSWORD_TOO_COMMON: 'passwordNew',
        },
        ['passwordNew'],
        t('auth.genericError'),
      );
      setError(placed.fields.passwordNew ?? null);
      setFormError(placed.form);
      setPending(false);
    }
  };
  return (
    <AuthScreen title={t('resetPassword.passwordTitle')} text={t('resetPassword.passwordText')} step={step}>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-busy={pending}>
        <FormMessage tone="error" text={formError} />
        <PasswordField
          label={t('resetPassword.newPassword')}
          name="passwordNew"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
          hint={t('auth.passwordHint')}
        />
        <Button type="submit" block disabled={pending}>
          {t('resetPassword.passwordSubmit')}
        </Button>
      </form>
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
