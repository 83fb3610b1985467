import type { SessionInfo } from '@bw/contracts';
import { Building2, ChevronRight, LoaderCircle, MailCheck, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import {
  CheckboxField,
  Form,
  FormError,
  FormMessage,
  SubmitButton,
  serverMessage,
  showErrors,
  useZodForm,
} from '../../../components/form';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { isEmailAvailable } from '../api/email-availability';
import { register } from '../api/register';
import { resendVerification } from '../api/resend-verification';
import { verifyEmail } from '../api/verify-email';
import { applySession } from '../hooks/use-session-actions';
import { registerEmailForm } from '../lib/auth-forms';
import { AuthScreen } from './auth-screen';
import { EmailField } from './email-field';
import { NamePasswordStep } from './name-password-step';

/** Spec section 4: the registration flow is Email → EmailConfirmation → NamePassword. */
const REGISTER_STEP_COUNT = 3;

type Step =
  | { readonly kind: 'choice' }
  | { readonly kind: 'email' }
  | { readonly kind: 'confirm'; readonly email: string; readonly resendToken: string }
  | { readonly kind: 'verifying'; readonly token: string }
  | { readonly kind: 'verifyFailed'; readonly message: string }
  | { readonly kind: 'name'; readonly askPassword: boolean };

/** A verification token is single use: React's double effects must not send it twice. */
const verifications = new Map<string, Promise<SessionInfo>>();
const verifyOnce = (token: string): Promise<SessionInfo> => {
  let pending = verifications.get(token);
  if (!pending) {
    pending = verifyEmail(token);
    verifications.set(token, pending);
  }
  return pending;
};

const initialStep = (search: URLSearchParams, loggedIn: boolean): Step => {
  const token = search.get('verificationToken');
  if (token) return { kind: 'verifying', token };
  if (search.has('finishRegistration') && loggedIn) return { kind: 'name', askPassword: !search.has('hidePassword') };
  return { kind: 'choice' };
};

export const RegisterPage = () => {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const loggedIn = useShellStore((state) => state.user !== null);
  const [step, setStep] = useState<Step>(() => initialStep(search, loggedIn));

  useEffect(() => {
    if (step.kind !== 'verifying') return;
    let cancelled = false;
    verifyOnce(step.token).then(
      (info) => {
        if (cancelled) return;
        applySession(info);
        setStep({ kind: 'name', askPassword: !info.hasPassword });
      },
      (error: unknown) => {
        if (cancelled) return;
        setStep({ kind: 'verifyFailed', message: serverMessage(error, t('auth.genericError')) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [step, t]);

  switch (step.kind) {
    case 'choice':
      return <ChoiceStep onPerson={() => setStep({ kind: 'email' })} />;
    case 'email':
      return <EmailStep onSent={(email, resendToken) => setStep({ kind: 'confirm', email, resendToken })} />;
    case 'confirm':
      return (
        <ConfirmStep
          email={step.email}
          resendToken={step.resendToken}
          onChangeEmail={() => setStep({ kind: 'email' })}
        />
      );
    case 'verifying':
      return (
        <AuthScreen title={t('register.confirmTitle')} step={{ current: 2, total: REGISTER_STEP_COUNT }}>
          <p role="status" className="flex items-center gap-2 text-navy-700">
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            {t('register.verifying')}
          </p>
        </AuthScreen>
      );
    case 'verifyFailed':
      return (
        <AuthScreen title={t('register.verifyFailedTitle')} text={step.message}>
          <Button block onClick={() => setStep({ kind: 'email' })}>
            {t('register.restart')}
          </Button>
        </AuthScreen>
      );
    case 'name':
      return <NamePasswordStep askPassword={step.askPassword} step={{ current: 3, total: REGISTER_STEP_COUNT }} />;
  }
};

const ChoiceStep = ({ onPerson }: { readonly onPerson: () => void }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const option =
    'flex w-full items-center gap-4 rounded-2xl p-4 text-left ring-1 ring-inset ring-navy-300 transition hover:bg-navy-100 focus-visible:ring-2 focus-visible:ring-brand-text';
  return (
    <AuthScreen title={t('register.choiceTitle')} text={t('register.choiceText')} footer={<LoginHint />}>
      <ul className="flex flex-col gap-3">
        <li>
          <button type="button" className={option} onClick={onPerson} data-testid="register-person">
            <UserRound aria-hidden="true" className="size-8 shrink-0 text-brand-text" strokeWidth={1.75} />
            <span className="flex-1">
              <span className="block font-semibold text-navy-900">{t('register.choicePerson')}</span>
              <span className="block text-sm text-navy-700">{t('register.choicePersonText')}</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 text-navy-500" />
          </button>
        </li>
        <li>
          <Link to={href({ key: 'companyRegistration' })} className={option} data-testid="register-company">
            <Building2 aria-hidden="true" className="size-8 shrink-0 text-brand-text" strokeWidth={1.75} />
            <span className="flex-1">
              <span className="block font-semibold text-navy-900">{t('register.choiceCompany')}</span>
              <span className="block text-sm text-navy-700">{t('register.choiceCompanyText')}</span>
            </span>
            <ChevronRight aria-hidden="true" className="size-5 text-navy-500" />
          </Link>
        </li>
      </ul>
    </AuthScreen>
  );
};

const LoginHint = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <p>
      {t('register.haveAccount')}{' '}
      <Link to={href({ key: 'login' })} className="font-semibold text-brand-text underline-offset-2 hover:underline">
        {t('register.toLogin')}
      </Link>
    </p>
  );
};

const EmailStep = ({ onSent }: { readonly onSent: (email: string, resendToken: string) => void }) => {
  const { t } = useTranslation();
  const partnerId = useShellStore((state) => state.config?.partnerId ?? null);
  const form = useZodForm(registerEmailForm, { defaultValues: { email: '', newsletter: false } });

  // A referral or affiliate link (`?referralCode=…`, `?affiliatePartnerId=…`, issue 25) carries its id into the registration.
  const [search] = useSearchParams();
  const referralCode = search.get('referralCode')?.trim() || undefined;
  const affiliatePartnerId = search.get('affiliatePartnerId')?.trim() || undefined;

  const submit = async (values: { email: string; newsletter: boolean }) => {
    // Spec section 5: availability is checked on the server; register answers EMAIL_TAKEN as well.
    if (!(await isEmailAvailable(values.email))) {
      showErrors(form, { fields: { email: t('auth.emailTaken') } });
      return;
    }
    const registered = await register(
      { ...values, ...(referralCode ? { referralCode } : {}), ...(affiliatePartnerId ? { affiliatePartnerId } : {}) },
      partnerId,
    );
    onSent(registered.email, registered.resendToken);
  };

  return (
    <AuthScreen
      title={t('register.emailTitle')}
      text={t('register.emailText')}
      step={{ current: 1, total: REGISTER_STEP_COUNT }}
      footer={<LoginHint />}
    >
      <Form
        form={form}
        onSubmit={submit}
        serverErrors={{
          fallback: t('auth.genericError'),
          codeFields: { EMAIL_INVALID: 'email', EMAIL_TAKEN: 'email' },
        }}
        className="flex flex-col gap-4"
      >
        <FormError />
        <EmailField />
        <CheckboxField name="newsletter" label={t('register.newsletter')} muted />
        <SubmitButton block>{t('register.emailSubmit')}</SubmitButton>
      </Form>
    </AuthScreen>
  );
};

const ConfirmStep = ({
  email,
  resendToken,
  onChangeEmail,
}: {
  readonly email: string;
  readonly resendToken: string;
  readonly onChangeEmail: () => void;
}) => {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const resend = async () => {
    setNotice(null);
    setFormError(null);
    try {
      await resendVerification(resendToken);
      setNotice(t('register.resent'));
    } catch (error) {
      setFormError(serverMessage(error, t('auth.genericError')));
    }
  };
  return (
    <AuthScreen
      title={t('register.confirmTitle')}
      text={t('register.confirmText', { email })}
      step={{ current: 2, total: REGISTER_STEP_COUNT }}
    >
      <div className="flex flex-col gap-4">
        <span className="mx-auto grid size-16 place-items-center rounded-2xl bg-navy-100 text-brand-text">
          <MailCheck aria-hidden="true" className="size-8" strokeWidth={1.75} />
        </span>
        <FormMessage tone="success" text={notice} />
        <FormMessage tone="error" text={formError} />
        <details className="rounded-xl bg-navy-100 px-4 py-3 text-sm text-navy-700">
          <summary className="cursor-pointer font-semibold text-navy-900">{t('register.noEmail')}</summary>
          <p className="mt-2 leading-relaxed">{t('register.noEmailHelp')}</p>
        </details>
        <Button block onClick={() => void resend()}>
          {t('register.resend')}
        </Button>
        <Button block variant="ghost" onClick={onChangeEmail}>
          {t('register.changeEmail')}
        </Button>
      </div>
    </AuthScreen>
  );
};
