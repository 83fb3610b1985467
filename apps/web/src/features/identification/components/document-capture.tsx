import type { CaptureSessionView, IdentificationState } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Clock, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { StatusPage } from '../../../components/status-page';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useCaptureSession } from '../api/provider-pages';
import { captureSessionQueryKey, identificationQueryKey } from '../api/query-keys';
import { UploadStep } from './upload-step';

type Props = { readonly state: IdentificationState; readonly onChange: (state: IdentificationState) => void };

/** How often the screen asks for the verdict after the capture (the files reach Onfido, then the webhook us). */
const POLL_AFTER_CAPTURE_MS = 2_000;

const Loading = ({ label }: { readonly label: string }) => (
  <p role="status" className="flex items-center justify-center gap-3 py-12 text-navy-700">
    <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-brand-text" />
    {label}
  </p>
);

type Phase = 'loading' | 'capturing' | 'captured' | 'failed';

/**
 * Onfido's web SDK (`onfido-sdk-ui`) in our page, for the workflow run the API opened. Loaded with a
 * dynamic import, so the SDK is its own chunk and only investors who capture with Onfido fetch it.
 */
const OnfidoCapture = ({
  session,
  onRetry,
}: {
  readonly session: CaptureSessionView;
  readonly onRetry: () => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mount = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('loading');

  useEffect(() => {
    const container = mount.current;
    if (!container) return;
    let handle: { tearDown: () => Promise<void> } | null = null;
    let cancelled = false;
    import('onfido-sdk-ui')
      .then(({ Onfido }) => {
        if (cancelled) return;
        handle = Onfido.init({
          token: session.sdkToken,
          workflowRunId: session.workflowRunId,
          containerEl: container,
          language: 'de_DE',
          onComplete: () => setPhase('captured'),
          onError: () => setPhase('failed'),
        });
        setPhase('capturing');
      })
      .catch(() => {
        if (!cancelled) setPhase('failed');
      });
    return () => {
      cancelled = true;
      void handle?.tearDown();
    };
  }, [session]);

  // After the capture the case waits for Onfido's verdict: ask again until the state moves on.
  useEffect(() => {
    if (phase !== 'captured') return;
    const timer = window.setInterval(
      () => void queryClient.invalidateQueries({ queryKey: identificationQueryKey }),
      POLL_AFTER_CAPTURE_MS,
    );
    return () => window.clearInterval(timer);
  }, [phase, queryClient]);

  if (phase === 'captured') {
    return (
      <StatusPage icon={Clock} title={t('identification.capturedTitle')} text={t('identification.capturedText')}>
        <span role="status" className="flex justify-center text-brand-text">
          <LoaderCircle aria-label={t('identification.pendingTitle')} className="size-8 animate-spin" />
        </span>
      </StatusPage>
    );
  }
  if (phase === 'failed') {
    return (
      <StatusPage
        icon={CircleAlert}
        tone="danger"
        title={t('identification.captureTitle')}
        text={t('identification.captureFailed')}
      >
        <Button block onClick={onRetry}>
          {t('identification.retry')}
        </Button>
      </StatusPage>
    );
  }
  return (
    <section className="flex flex-col gap-3" aria-labelledby="capture-title" data-testid="onfido-capture">
      <h2 id="capture-title" className="text-lg font-semibold text-navy-900">
        {t('identification.captureTitle')}
      </h2>
      <p className="text-navy-700">{t('identification.captureText')}</p>
      {phase === 'loading' && <Loading label={t('identification.captureLoading')} />}
      <div ref={mount} className="min-h-[32rem] overflow-hidden rounded-2xl bg-white ring-1 ring-navy-300" />
    </section>
  );
};

/**
 * The capture of the ID document and selfie. The API says how: a capture session (Onfido's SDK)
 * when Onfido is configured, 404 where the files are uploaded to our API (the sandbox, the default).
 */
export const DocumentCapture = ({ state, onChange }: Props) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useCaptureSession();
  const retry = () => void queryClient.resetQueries({ queryKey: captureSessionQueryKey });
  if (session.isPending) return <Loading label={t('identification.captureLoading')} />;
  if (session.isError) {
    return (
      <StatusPage
        icon={CircleAlert}
        tone="danger"
        title={t('identification.captureTitle')}
        text={session.error instanceof ApiError ? session.error.message : t('identification.captureFailed')}
      >
        <Button block onClick={retry}>
          {t('identification.retry')}
        </Button>
      </StatusPage>
    );
  }
  if (session.data) return <OnfidoCapture key={session.data.sdkToken} session={session.data} onRetry={retry} />;
  return <UploadStep state={state} onChange={onChange} />;
};
