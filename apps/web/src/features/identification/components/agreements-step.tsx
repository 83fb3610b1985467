import { type IdentificationState, TERMS_KINDS, type TermsKind } from '@bw/contracts';
import { FileText, LoaderCircle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { acceptTerms, agreementPdfHref, confirmCode, signatureStep, submitSignature } from '../api/sign-agreements';
import { signatureSelfiePath } from '../api/upload-file';
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
      setError(caught instanceof ApiError ? caught.message : t('identification.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
};

const ErrorText = ({ error }: { readonly error: string | null }) =>
  error ? (
    <p role="alert" className="text-sm font-medium text-danger" data-testid="agreements-error">
      {error}
    </p>
  ) : null;

/** Each legal document as a PDF with its own required checkbox, then the drawn signature (spec section 5). */
const ConsentForm = ({ onChange }: Pick<Props, 'onChange'>) => {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState<ReadonlySet<TermsKind>>(new Set());
  const [signature, setSignature] = useState('');
  const { error, setError, busy, run } = useAction(onChange);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (accepted.size < TERMS_KINDS.length) return setError(t('identification.agreementRequired'));
    if (!signature) return setError(t('identification.signatureEmpty'));
    void run(async () => {
      await acceptTerms(TERMS_KINDS);
      await signatureStep('signingRequest');
      return submitSignature(signature);
    });
  };
  const toggle = (kind: TermsKind) =>
    setAccepted((current) => {
      const next = new Set(current);
      if (next.has(kind)) next.delete(kind);
      else next.add(kind);
      return next;
    });
  return (
    <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
      <ul className="divide-y divide-navy-100 rounded-2xl bg-white ring-1 ring-navy-300">
        {TERMS_KINDS.map((kind) => {
          const title = t(`identificationDocuments.${kind}`);
          return (
            <li key={kind} className="flex items-start gap-3 px-4 py-3">
              <input
                id={`accept-${kind}`}
                type="checkbox"
                required
                checked={accepted.has(kind)}
                onChange={() => toggle(kind)}
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
      <SignaturePad onChange={setSignature} />
      <ErrorText error={error} />
      <Button type="submit" block disabled={busy}>
        {t('identification.signatureSubmit')}
      </Button>
    </form>
  );
};

/** The SMS code of the signature (spec section 8: 'Der eingegebene Code ist leider falsch.'). */
const CodeForm = ({ state, onChange }: Props) => {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const { error, busy, run } = useAction(onChange);
  if (!state.signature.otpSentTo) {
    return (
      <div className="flex flex-col gap-4">
        <ErrorText error={error} />
        <Button block disabled={busy} onClick={() => void run(() => signatureStep('signature/authorize'))}>
          {t('identification.codeSend')}
        </Button>
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void run(() => confirmCode(code.trim()));
      }}
    >
      <p className="text-navy-700">{t('identification.codeSentTo', { phone: state.signature.otpSentTo })}</p>
      <label className="flex flex-col gap-1.5 text-sm font-semibold text-navy-900">
        {t('identification.codeLabel')}
        <input
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          className="min-h-12 rounded-xl border border-navy-300 bg-white px-4 text-center text-2xl tracking-[0.5em] font-normal"
        />
      </label>
      <ErrorText error={error} />
      <Button type="submit" block disabled={busy || code.length !== 6}>
        {t('identification.codeConfirm')}
      </Button>
      <Button variant="ghost" block disabled={busy} onClick={() => void run(() => signatureStep('signature/resend'))}>
        {t('identification.codeResend')}
      </Button>
    </form>
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
      case 'signed':
        return (
          <p role="status" className="flex items-center gap-3 text-navy-700">
            <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-brand-text" />
            {t('identification.signing')}
          </p>
        );
      case 'rejected':
      case 'error':
        return (
          <div className="flex flex-col gap-4">
            <p role="alert" className="font-medium text-danger">
              {t('identification.signatureRejected')}
            </p>
            <ErrorText error={restart.error} />
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
