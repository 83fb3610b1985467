import type { RegisterPrivateResult } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useSecurityApp } from '../api/get-security-app';
import { useSigningRequests } from '../api/get-signing-requests';
import { registerPrivateApp } from '../api/register-private-app';
import { useSecurityAppUpdates } from '../hooks/use-security-app-updates';
import { SigningRequestList } from './signing-request-list';

const card = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100';

/**
 * Spec section 2, private-security-app: link a private security app by its Ed25519 public key
 * (docs/security-app-protocol.md). The user becomes privateUser: private offers only (section 6).
 */
export const PrivateSecurityAppPage = () => {
  const { t } = useTranslation();
  useSecurityAppUpdates();
  const status = useSecurityApp();
  const requests = useSigningRequests(status.isSuccess);
  const [publicKey, setPublicKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<RegisterPrivateResult | null>(null);
  const queryClient = useQueryClient();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      setResult(await registerPrivateApp(publicKey.trim()));
      await queryClient.invalidateQueries({ queryKey: ['security-app'] });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('securityApp.privateLinkFailed'));
    }
  };
  const linkedPrivate = status.data?.status === 'active' && status.data.kind === 'private';
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-navy-900">{t('securityApp.privateTitle')}</h1>
      <form className={card} onSubmit={submit}>
        <p className="text-sm text-navy-700">{t('securityApp.privateText')}</p>
        <label htmlFor="public-key" className="mt-4 block text-sm font-semibold text-navy-900">
          {t('securityApp.privateKeyLabel')}
        </label>
        <textarea
          id="public-key"
          rows={2}
          className="mt-1 w-full rounded-lg p-2 font-mono text-sm ring-1 ring-navy-300"
          value={publicKey}
          onChange={(event) => setPublicKey(event.target.value)}
        />
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="mt-4">
          <Button type="submit" disabled={publicKey.trim().length === 0}>
            {t('securityApp.privateSubmit')}
          </Button>
        </div>
      </form>
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
