import { type IdentificationState, providerOfDocument, TERMS_KINDS, type TermsKind } from '@bw/contracts';
import { FileText, LoaderCircle, PenLine } from 'lucide-react';
import { type Ref, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { Button, buttonClass } from '../../../components/button';
import {
  ErrorText,
  Form,
  FormError,
  SubmitButton,
  serverMessage,
  TextField,
  useFieldError,
  useFormPending,
  useZodForm,
} from '../../../components/form';
import { DEFAULT_PROVIDERS } from '../../../lib/contract-guards';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { getSignerRedirect, useSignerRedirect, withExitUrl } from '../api/provider-pages';
import { acceptTerms, agreementPdfHref, confirmCode, signatureStep, submitSignature } from '../api/sign-agreements';
import { signatureSelfiePath } from '../api/upload-file';
import { consentForm, OTP_LENGTH, otpForm } from '../lib/identification-forms';
import { FileUpload } from './file-upload';
import { SignaturePad } from './signature-pad';

type Props = { readonly state: IdentificationState; readonly onChange: (state: IdentificationState) => void };

const useAction = (onChange: Props['onChange']) => {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<IdentificationState>) => {
    setError(null);
    setBusy(true);
    try {
      onChange(await action());
    } catch (caught) {
      setError(serverMessage(caught, t('identification.loadFailed')));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
};

/** A refused action of a button (send the code again, start over), below it. */
const ActionError = ({ error }: { readonly error: string | null }) =>
  error ? (
    <p role="alert" className="text-sm font-medium text-danger" data-testid="agreements-error">
      {error}
    </p>
  ) : null;

/** Each legal document as a PDF with its own required checkbox (field `terms`: the accepted kinds). */
const TermsList = () => {
  const { t } = useTranslation();
  const { field } = useController({ name: 'terms' });
  const { message, errorId } = useFieldError('terms');
  const providers = useShellStore((state) => state.config?.legalProviders) ?? DEFAULT_PROVIDERS;
  const accepted: readonly TermsKind[] = Array.isArray(field.value) ? field.value : [];
  const toggle = (kind: TermsKind) =>
    field.onChange(accepted.includes(kind) ? accepted.filter((entry) => entry !== kind) : [...accepted, kind]);
  return (
    <div className="flex flex-col gap-1.5">
      <ul className="divide-y divide-navy-100 rounded-2xl bg-white ring-1 ring-navy-300">
        {TERMS_KINDS.map((kind, index) => {
          const title = t(`identificationDocuments.${kind}`, { provider: providerOfDocument(kind, providers) });
          return (
            <li key={kind} className="flex items-start gap-3 px-4 py-3">
              <input
                id={`accept-${kind}`}
                ref={index === 0 ? (field.ref as Ref<HTMLInputElement>) : undefined}
                type="checkbox"
                required
                checked={accepted.includes(kind)}
                onChange={() => toggle(kind)}
                aria-invalid={message && !accepted.includes(kind) ? true : undefined}
                aria-describedby={message ? errorId : undefined}
                className="mt-0.5 size-5 shrink-0 accent-[var(--color-brand)]"
                data-testid={`accept-${kind}`}
              />
              <div className="flex min-w-0 flex-col gap-1 text-sm">
                <label htmlFor={`accept-${kind}`} className="text-navy-900">
                  {t('identification.agreementAccept', { title })}
                </label>
                <a
                  href={agreementPdfHref(kind)}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex items-center gap-1.5 self-start font-semibold text-brand-text underline"
                >
                  <FileText aria-hidden="true" className="size-4 shrink-0" />
                  {t('identification.agreementOpen')}
                  <span className="sr-only">: {title}</span>
                </a>
              </div>
            </li>
          );
        })}
      </ul>
      <ErrorText id={errorId} name="terms" message={message} />
    </div>
  );
};

/** The drawn signature (field `signature`) with its message. */
const SignatureField = () => {
  const { field } = useController({ name: 'signature' });
  const { message, errorId } = useFieldError('signature');
  return (
    <div className="flex flex-col gap-1.5">
      <SignaturePad onChange={field.onChange} />
      <ErrorText id={errorId} name="signature" message={message} />
    </div>
  );
};

/** Each legal document accepted, then the drawn signature (spec section 5). */
const ConsentForm = ({ onChange }: Pick<Props, 'onChange'>) => {
  const { t } = useTranslation();
  const form = useZodForm(consentForm, { defaultValues: { terms: [], signature: '' } });
  const submit = async ({ signature }: { signature: string }) => {
    await acceptTerms(TERMS_KINDS);
    await signatureStep('signingRequest');
    onChange(await submitSignature(signature));
  };
  return (
    <Form
      form={form}
      onSubmit={submit}
      serverErrors={{ fallback: t('identification.loadFailed') }}
      className="flex flex-col gap-5"
    >
      <TermsList />
      <SignatureField />
      <FormError />
      <SubmitButton block>{t('identification.signatureSubmit')}</SubmitButton>
    </Form>
  );
};

/** Sends once the code has its six digits. */
const ConfirmButton = () => {
  const { t } = useTranslation();
  const otp: unknown = useWatch({ name: 'otp' });
  return (
    <SubmitButton block disabled={typeof otp !== 'string' || otp.length !== OTP_LENGTH}>
      {t('identification.codeConfirm')}
    </SubmitButton>
  );
};

/** Sends a new code; not while the form is sent. */
const ResendButton = ({ busy, onResend }: { readonly busy: boolean; readonly onResend: () => void }) => {
  const { t } = useTranslation();
  const pending = useFormPending();
  return (
    <Button variant="ghost" block disabled={busy || pending} onClick={onResend}>
      {t('identification.codeResend')}
    </Button>
  );
};

const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** The SMS code of the signature (spec section 8: 'Der eingegebene Code ist leider falsch.', at the code). */
const CodeForm = ({ state, onChange }: Props) => {
  const { t } = useTranslation();
  const { error, busy, run } = useAction(onChange);
  const form = useZodForm(otpForm, { defaultValues: { otp: '' } });
  if (!state.signature.otpSentTo) {
    return (
      <div className="flex flex-col gap-4">
        <ActionError error={error} />
        <Button block disabled={busy} onClick={() => void run(() => signatureStep('signature/authorize'))}>
          {t('identification.codeSend')}
        </Button>
      </div>
    );
  }
  return (
    <Form
      form={form}
      onSubmit={async ({ otp }: { otp: string }) => {
        const next = await confirmCode(otp);
        // Skribble: the qualified signature is made on Skribble's page; back here, the pending screen waits.
        const signerPage = next.signature.status === 'pending' ? await getSignerRedirect() : null;
        if (signerPage) window.location.assign(withExitUrl(signerPage, window.location.href));
        else onChange(next);
      }}
      serverErrors={{ fallback: t('identification.loadFailed'), errorField: 'otp' }}
      className="flex flex-col gap-4"
    >
      <p className="text-navy-700">{t('identification.codeSentTo', { phone: state.signature.otpSentTo })}</p>
      <TextField
        name="otp"
        label={t('identification.codeLabel')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        normalize={digitsOnly}
        className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]"
      />
      <ActionError error={error} />
      <ConfirmButton />
      <ResendButton busy={busy} onResend={() => void run(() => signatureStep('signature/resend'))} />
    </Form>
  );
};

const Signing = () => {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center gap-3 text-navy-700">
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-brand-text" />
      {t('identification.signing')}
    </p>
  );
};

/**
 * The signature waits at the provider. With Skribble (the API answers its signing page) the signer
 * signs there and comes back here: this screen offers the page again and waits for the verdict
 * (the state is polled while the signature is pending); with the sandbox it only waits.
 */
const SignatureAtProvider = () => {
  const { t } = useTranslation();
  const signerPage = useSignerRedirect(true);
  if (!signerPage.data) return <Signing />;
  return (
    <div className="flex flex-col gap-4" data-testid="signature-at-provider">
      <div className="flex items-start gap-3 rounded-2xl bg-white p-4 ring-1 ring-navy-300">
        <PenLine aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-text" />
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-navy-900">{t('identification.signAtProviderTitle')}</p>
          <p className="text-sm text-navy-700">{t('identification.signAtProviderText')}</p>
        </div>
      </div>
      <a href={withExitUrl(signerPage.data, window.location.href)} className={buttonClass('primary', true)}>
        {t('identification.signAtProviderOpen')}
      </a>
      <p role="status" className="flex items-center gap-3 text-sm text-navy-700">
        <LoaderCircle aria-hidden="true" className="size-5 shrink-0 animate-spin text-brand-text" />
        {t('identification.signAtProviderWaiting')}
      </p>
    </div>
  );
};

/** Spec sections 2 and 5: agreements with PDFs, checkboxes, signature, selfie and SMS code (QES). */
export const AgreementsStep = ({ state, onChange }: Props) => {
  const { t } = useTranslation();
  const restart = useAction(onChange);
  const status = state.signature.status;
  const body = (() => {
    switch (status) {
      case 'new':
      case 'kyc_required':
      case 'user_consent_required':
        return <ConsentForm onChange={onChange} />;
      case 'selfie_required':
        return (
          <div className="flex flex-col gap-3">
            <h2 className="text-lg font-semibold text-navy-900">{t('identification.signatureSelfieTitle')}</h2>
            <p className="text-navy-700">{t('identification.signatureSelfieText')}</p>
            <FileUpload
              label={t('identification.selfieChoose')}
              hint={t('identification.selfieHint')}
              accept="image/jpeg,image/png"
              capture="user"
              path={signatureSelfiePath}
              testId="upload-signature-selfie"
              onUploaded={onChange}
            />
          </div>
        );
      case 'confirmation_required':
        return <CodeForm state={state} onChange={onChange} />;
      case 'pending':
        return <SignatureAtProvider />;
      case 'signed':
        return <Signing />;
      case 'rejected':
      case 'error':
        return (
          <div className="flex flex-col gap-4">
            <p role="alert" className="font-medium text-danger">
              {t('identification.signatureRejected')}
            </p>
            <ActionError error={restart.error} />
            <Button
              block
              disabled={restart.busy}
              onClick={() => void restart.run(() => signatureStep('signingRequest'))}
            >
              {t('identification.signatureRestart')}
            </Button>
          </div>
        );
    }
  })();
  return (
    <section className="flex flex-col gap-5" aria-labelledby="agreements-title">
      <div>
        <h2 id="agreements-title" className="text-xl font-bold text-navy-900">
          {t('identification.agreementsTitle')}
        </h2>
        <p className="mt-1 text-navy-700">{t('identification.agreementsText')}</p>
      </div>
      {body}
    </section>
  );
};
