import { type RegisterPrivateResult, registerPrivateBody } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Form, FormError, SubmitButton, TextAreaField, useZodForm } from '../../../components/form';
import { useTranslation } from '../../../lib/i18n';
import { useSecurityApp } from '../api/get-security-app';
import { useSigningRequests } from '../api/get-signing-requests';
import { registerPrivateApp } from '../api/register-private-app';
import { useSecurityAppUpdates } from '../hooks/use-security-app-updates';
import { SigningRequestList } from './signing-request-list';

const card = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100';

/** Sends once a key is pasted. */
const LinkButton = () => {
  const { t } = useTranslation();
  const publicKey: unknown = useWatch({ name: 'publicKey' });
  return (
    <SubmitButton disabled={typeof publicKey !== 'string' || publicKey.trim() === ''}>
      {t('securityApp.privateSubmit')}
    </SubmitButton>
  );
};

/**
 * Spec section 2, private-security-app: link a private security app by its Ed25519 public key
 * (docs/security-app-protocol.md). The user becomes privateUser: private offers only (section 6).
 */
export const PrivateSecurityAppPage = () => {
  const { t } = useTranslation();
  useSecurityAppUpdates();
  const status = useSecurityApp();
  const requests = useSigningRequests(status.isSuccess);
  const form = useZodForm(registerPrivateBody, { defaultValues: { publicKey: '' } });
  const [result, setResult] = useState<RegisterPrivateResult | null>(null);
  const queryClient = useQueryClient();
  const submit = async ({ publicKey }: { publicKey: string }) => {
    setResult(await registerPrivateApp(publicKey));
    await queryClient.invalidateQueries({ queryKey: ['security-app'] });
  };
  const linkedPrivate = status.data?.status === 'active' && status.data.kind === 'private';
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-navy-900">{t('securityApp.privateTitle')}</h1>
      {/* A key the server cannot use answers 'Linking failed' (spec section 8), above the button. */}
      <Form
        form={form}
        onSubmit={submit}
        serverErrors={{ fallback: t('securityApp.privateLinkFailed') }}
        className={`${card} flex flex-col gap-4`}
      >
        <p className="text-sm text-navy-700">{t('securityApp.privateText')}</p>
        <TextAreaField
          name="publicKey"
          label={t('securityApp.privateKeyLabel')}
          rows={2}
          className="[&_textarea]:font-mono [&_textarea]:text-sm"
        />
        <FormError />
        <div>
          <LinkButton />
        </div>
      </Form>
      {(linkedPrivate || result) && (
        <section className={card} aria-labelledby="private-linked">
          <h2 id="private-linked" className="text-lg font-semibold text-navy-900" data-testid="private-app-linked">
            {t('securityApp.privateLinked')}
          </h2>
          {result && (
            <p className="mt-2 text-sm text-navy-700">
              {t('securityApp.privateRecovery')} <code className="break-all">{result.recoverySecret}</code>
            </p>
          )}
        </section>
      )}
      <section aria-labelledby="private-requests" className={card}>
        <h2 id="private-requests" className="mb-3 text-lg font-semibold text-navy-900">
          {t('securityApp.requestsTitle')}
        </h2>
        {requests.data && <SigningRequestList requests={requests.data} />}
      </section>
    </div>
  );
};
