import type { PairingCodeResult } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FileUp, ShieldCheck, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClass } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { createPairing } from '../api/create-pairing';
import { disconnectSecurityApp } from '../api/disconnect-security-app';
import { useSecurityApp } from '../api/get-security-app';
import { useSigningRequests } from '../api/get-signing-requests';
import { useSecurityAppUpdates } from '../hooks/use-security-app-updates';
import { NoSecurityAppMessage } from './no-security-app-message';
import { readRecoverySecret } from './read-recovery-file';
import { SigningRequestList } from './signing-request-list';

const statusKeys = {
  new: 'securityApp.statusNew',
  active: 'securityApp.statusActive',
  disconnected: 'securityApp.statusDisconnected',
} as const;

const card = 'rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100';

/**
 * Spec section 2, security-app-integration: link the provider's security app with a pairing code,
 * see its status and the signing requests, remove it with the recovery file (spec section 4).
 * The update-security-app route shows the same screen with its own title and explanation: re-linking
 * is removing the old link with the recovery file and pairing again.
 */
const SecurityAppScreen = ({ mode }: { mode: 'link' | 'update' }) => {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-navy-900">
          {t(mode === 'update' ? 'securityApp.updateTitle' : 'securityApp.title')}
        </h1>
        {mode === 'update' && <p className="text-navy-700">{t('securityApp.updateText')}</p>}
      </header>
      <SecurityAppManagement />
    </div>
  );
};

/**
 * The status, pairing or removal, and the signing requests: the screen's body, also shown in the
 * settings of every family (issue 20: desktop has no security-app routes of its own).
 */
export const SecurityAppManagement = () => {
  const { t } = useTranslation();
  useSecurityAppUpdates();
  const status = useSecurityApp();
  const linked = status.data?.status === 'active';
  const requests = useSigningRequests(status.isSuccess);
  return (
    <>
      <p className="flex items-center gap-2 text-navy-700">
        <ShieldCheck aria-hidden="true" className="size-4" />
        {t('securityApp.status')}{' '}
        <span data-testid="security-app-status">{status.data ? t(statusKeys[status.data.status]) : '…'}</span>
      </p>
      {status.data?.status === 'disconnected' && <NoSecurityAppMessage />}
      {status.data && !linked && <PairingCard />}
      {linked && <UnlinkCard />}
      <section aria-labelledby="signing-requests" className={card}>
        <h2 id="signing-requests" className="mb-3 text-lg font-semibold text-navy-900">
          {t('securityApp.requestsTitle')}
        </h2>
        {requests.data ? (
          <SigningRequestList requests={requests.data} />
        ) : (
          <p aria-busy="true">{t('securityApp.loading')}</p>
        )}
      </section>
    </>
  );
};

export const SecurityAppIntegrationPage = () => <SecurityAppScreen mode="link" />;
export const UpdateSecurityAppPage = () => <SecurityAppScreen mode="update" />;

const PairingCard = () => {
  const { t } = useTranslation();
  const [pairing, setPairing] = useState<PairingCodeResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const start = async () => {
    setError(null);
    try {
      setPairing(await createPairing());
      await queryClient.invalidateQueries({ queryKey: ['security-app'] });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('securityApp.pairFailed'));
    }
  };
  return (
    <section aria-labelledby="pairing" className={card}>
      <h2 id="pairing" className="text-lg font-semibold text-navy-900">
        {t('securityApp.pairTitle')}
      </h2>
      <p className="mt-1 text-sm text-navy-700">{t('securityApp.pairText')}</p>
      {pairing ? (
        <div className="mt-4 flex flex-col gap-2">
          <p className="text-3xl font-bold tracking-widest text-navy-900" data-testid="pairing-code">
            {pairing.pairingCode}
          </p>
          <a
            className="inline-flex items-center gap-2 text-brand-700 underline"
            href={pairing.linkUrl}
            target="_blank"
            rel="noreferrer"
          >
            <Smartphone aria-hidden="true" className="size-4" />
            {t('securityApp.pairOpen')}
          </a>
        </div>
      ) : (
        <div className="mt-4">
          <Button onClick={() => void start()}>{t('securityApp.pairShow')}</Button>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
};

const UnlinkCard = () => {
  const { t } = useTranslation();
  const unlinkFailed = t('securityApp.unlinkFailed');
  const [message, setMessage] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const unlink = async (file: File | undefined) => {
    if (!file) return;
    setMessage(null);
    const secret = await readRecoverySecret(file);
    try {
      if (!secret) throw new Error(unlinkFailed);
      await disconnectSecurityApp(secret);
      await queryClient.invalidateQueries({ queryKey: ['security-app'] });
    } catch (caught) {
      setMessage(caught instanceof Error ? caught.message : unlinkFailed);
    }
  };
  return (
    <section aria-labelledby="unlink" className={card}>
      <h2 id="unlink" className="text-lg font-semibold text-navy-900">
        {t('securityApp.unlinkTitle')}
      </h2>
      <p className="mt-1 text-sm text-navy-700">{t('securityApp.unlinkText')}</p>
      <p id="recovery-file-label" className="mt-4 text-sm font-semibold text-navy-900">
        {t('securityApp.unlinkFile')}
      </p>
      {/* The browser's own file control speaks the browser's language: a German button stands in for it. */}
      <label htmlFor="recovery-file" className={`${buttonClass('secondary', false, 'sm')} mt-2 cursor-pointer`}>
        <FileUp aria-hidden="true" className="size-4" />
        {t('securityApp.unlinkChoose')}
      </label>
      <input
        id="recovery-file"
        type="file"
        accept="application/json,.json"
        className="sr-only"
        aria-labelledby="recovery-file-label"
        onChange={(event) => void unlink(event.target.files?.[0])}
      />
      {message && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {message}
        </p>
      )}
    </section>
  );
};
