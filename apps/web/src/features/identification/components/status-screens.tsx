import type { IdentificationState } from '@bw/contracts';
import { CircleAlert, Clock, Landmark, LoaderCircle, Video } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { StatusPage } from '../../../components/status-page';
import { useScreenHref } from '../../../hooks/use-family';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useWaitingTime } from '../api/get-waiting-time';
import { identPageOf } from '../api/provider-pages';
import { openBavSession } from '../api/sign-agreements';

/** Spec section 4: submitted, the provider is checking. */
export const PendingScreen = ({ state }: { readonly state: IdentificationState }) => {
  const { t } = useTranslation();
  const waiting = useWaitingTime(state.provider === 'videoident');
  if (state.provider === 'videoident' && state.idNowId) {
    return (
      <StatusPage icon={Video} title={t('identification.videoTitle')} text={t('identification.videoText')}>
        <p className="font-semibold text-navy-900">
          {t('identification.videoIdent')}{' '}
          <span className="whitespace-nowrap" data-testid="idnow-id">
            {state.idNowId}
          </span>
        </p>
        {waiting.data !== undefined && (
          <p className="text-navy-700">
            {t('identification.videoWaiting', { minutes: Math.max(1, Math.round(waiting.data / 60)) })}
          </p>
        )}
        <IdentPageAgain idNowId={state.idNowId} />
        <Spinner label={t('identification.pendingTitle')} />
      </StatusPage>
    );
  }
  return (
    <StatusPage icon={Clock} title={t('identification.pendingTitle')} text={t('identification.pendingText')}>
      <Spinner label={t('identification.pendingTitle')} />
    </StatusPage>
  );
};

/**
 * Back from IDnow's video call (IDnow's redirect returns here): the result comes by IDnow's callback;
 * if the call broke off, the investor opens the same ident page again (kept when it was opened).
 */
const IdentPageAgain = ({ idNowId }: { readonly idNowId: string }) => {
  const { t } = useTranslation();
  const page = identPageOf(idNowId);
  if (!page) return null;
  return (
    <>
      <p className="text-navy-700" data-testid="idnow-return">
        {t('identification.videoReturnText')}
      </p>
      <a href={page} className={buttonClass('secondary', true)}>
        {t('identification.videoOpen')}
      </a>
    </>
  );
};

const Spinner = ({ label }: { readonly label: string }) => (
  <span role="status" className="flex justify-center text-brand-text">
    <LoaderCircle aria-label={label} className="size-8 animate-spin" />
  </span>
);

/** Spec section 8: 'Die Überprüfung der Daten dauert länger'; the user may wait or retry. */
export const SlowScreen = ({ onRetry }: { readonly onRetry: () => void }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <StatusPage icon={Clock} title={t('identification.slowTitle')} text={t('identification.slowText')}>
      <Link to={href({ key: 'marketplace' })} className={buttonClass('primary', true)}>
        {t('identification.wait')}
      </Link>
      <Button variant="secondary" block onClick={onRetry}>
        {t('identification.retry')}
      </Button>
    </StatusPage>
  );
};

/** Spec section 8: 'Bei der Verifzierung ist etwas schiefgelaufen', with retry or help. */
export const FailedScreen = ({
  canRetry,
  onRetry,
  reviewReason = null,
}: {
  readonly canRetry: boolean;
  readonly onRetry: () => void;
  /** A compliance officer's reason after a manual review (issue 21). */
  readonly reviewReason?: string | null;
}) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <StatusPage
      icon={CircleAlert}
      tone="danger"
      title={t('identification.failedTitle')}
      text={canRetry ? t('identification.failedText') : t('identification.blockedText')}
    >
      {reviewReason ? (
        <p className="rounded-xl bg-navy-100 px-4 py-3 text-left text-navy-900" data-testid="review-reason">
          {t('identification.reviewReason', { reason: reviewReason })}
        </p>
      ) : null}
      {canRetry && (
        <Button block onClick={onRetry}>
          {t('identification.retry')}
        </Button>
      )}
      <Link to={href({ key: 'support' })} className={buttonClass(canRetry ? 'secondary' : 'primary', true)}>
        {t('identification.help')}
      </Link>
    </StatusPage>
  );
};

/** Provider A asks for a bank-account verification before it confirms (Verification status bavRequired). */
export const BavScreen = () => {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setError(null);
    try {
      const session = await openBavSession();
      window.open(session.url, '_blank', 'noopener');
      setOpened(true);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('identification.loadFailed'));
    }
  };
  return (
    <StatusPage
      icon={Landmark}
      title={t('identification.bavTitle')}
      text={opened ? t('identification.bavWaiting') : t('identification.bavText')}
    >
      {opened ? (
        <Spinner label={t('identification.bavWaiting')} />
      ) : (
        <Button block onClick={() => void open()}>
          {t('identification.bavStart')}
        </Button>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </StatusPage>
  );
};
