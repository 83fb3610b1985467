import type { IdentificationState } from '@bw/contracts';
import type { TranslationKey } from '@bw/i18n';
import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, CircleAlert, PartyPopper } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { StatusPage } from '../../../components/status-page';
import { useScreenHref } from '../../../hooks/use-family';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useOnboardingUser } from '../../personal-data/api/get-onboarding-user';
import { useIdentification } from '../api/get-identification';
import { identificationQueryKey } from '../api/query-keys';
import { activateAccount } from '../api/sign-agreements';
import { AgreementsStep } from './agreements-step';
import { ChooseStep } from './choose-step';
import { DocumentCapture } from './document-capture';
import { BavScreen, FailedScreen, PendingScreen, SlowScreen } from './status-screens';

type Screen = 'choose' | 'upload' | 'pending' | 'slow' | 'failed' | 'bav' | 'agreements' | 'done';

/** Which screen the server's state asks for (spec section 4: success, pending, failed). */
export const screenFor = (state: IdentificationState, retrying: boolean): Screen => {
  if (state.signature.status === 'signed' && (state.userStatus === 'verified' || state.userStatus === 'active'))
    return 'done';
  if (state.identityCheck === 'success' && state.verificationStatus !== 'bavRequired') return 'agreements';
  switch (state.verificationStatus) {
    case 'new':
      return 'choose';
    case 'kycRequired':
      return 'upload';
    case 'pending':
      return 'pending';
    case 'manualCheck':
      return retrying ? 'choose' : 'slow';
    case 'rejected':
      return retrying && state.canRetry ? 'choose' : 'failed';
    case 'bavRequired':
      return 'bav';
    case 'qesRequired':
    case 'success':
      return 'agreements';
  }
};

const DoneScreen = ({ state }: { readonly state: IdentificationState }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const activate = async () => {
    setError(null);
    try {
      await activateAccount();
      await queryClient.invalidateQueries({ queryKey: identificationQueryKey });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t('identification.loadFailed'));
    }
  };
  const active = state.userStatus === 'active';
  const missing = state.missingForActivation.map((step) =>
    t(`identificationSteps.${step}` as TranslationKey, { defaultValue: step }),
  );
  return (
    <StatusPage
      icon={active ? PartyPopper : BadgeCheck}
      title={t('identification.doneTitle')}
      text={active ? t('identification.activeText') : t('identification.doneText')}
    >
      {!active && state.canActivate && (
        <Button block onClick={() => void activate()}>
          {t('identification.activate')}
        </Button>
      )}
      {!active && !state.canActivate && missing.length > 0 && (
        <p className="text-navy-700">{t('identification.missingSteps', { steps: missing.join(', ') })}</p>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      {active && <NextSetupSteps />}
      <Link
        to={href({ key: 'marketplace' })}
        className={buttonClass(active || !state.canActivate ? 'primary' : 'secondary', true)}
      >
        {t('identification.toMarketplace')}
      </Link>
    </StatusPage>
  );
};

/**
 * Spec section 4, account setup order: after the identification come knowledge and experience and
 * the security app; an active account is shown the ones still open, so the flow goes on in order.
 */
const NextSetupSteps = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const user = useOnboardingUser();
  const status = user.data?.registrationProcessStatus;
  if (!status) return null;
  return (
    <>
      {!status.knowledgeAndExperience && (
        <Link
          to={href({ key: 'knowledgeAndExperience' })}
          className={buttonClass('secondary', true)}
          data-testid="next-step-knowledge"
        >
          {t('identification.nextKnowledge')}
        </Link>
      )}
      {!status.securityApp && (
        <Link
          to={href({ key: 'securityAppIntegration' })}
          className={buttonClass('secondary', true)}
          data-testid="next-step-security-app"
        >
          {t('identification.nextSecurityApp')}
        </Link>
      )}
    </>
  );
};

/** Spec section 2, identification: choose, upload, selfie, status screens, agreements (issue 5). */
export const IdentificationPage = () => {
  const { t } = useTranslation();
  const query = useIdentification();
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState(false);
  const show = (state?: IdentificationState) => {
    setRetrying(false);
    if (state) queryClient.setQueryData(identificationQueryKey, state);
    void queryClient.invalidateQueries({ queryKey: identificationQueryKey });
  };
  if (query.isPending) {
    return (
      <p role="status" className="px-6 py-12 text-center text-navy-700">
        {t('identification.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <StatusPage
        icon={CircleAlert}
        tone="danger"
        title={t('identification.title')}
        text={t('identification.loadFailed')}
      >
        <Button block onClick={() => void query.refetch()}>
          {t('identification.retry')}
        </Button>
      </StatusPage>
    );
  }
  const state = query.data;
  const screen = screenFor(state, retrying);
  const content = (() => {
    switch (screen) {
      case 'choose':
        return <ChooseStep onStarted={show} />;
      case 'upload':
        return <DocumentCapture state={state} onChange={show} />;
      case 'agreements':
        return (
          <>
            <p
              className="flex items-center gap-2 rounded-xl bg-navy-100 p-4 font-semibold text-navy-900"
              data-testid="identification-success"
            >
              <BadgeCheck aria-hidden="true" className="size-5 text-success" />
              {t('identification.successTitle')}
            </p>
            <AgreementsStep state={state} onChange={show} />
          </>
        );
      case 'pending':
        return <PendingScreen state={state} />;
      case 'slow':
        return <SlowScreen onRetry={() => setRetrying(true)} />;
      case 'failed':
        return (
          <FailedScreen canRetry={state.canRetry} onRetry={() => setRetrying(true)} reviewReason={state.reviewReason} />
        );
      case 'bav':
        return <BavScreen />;
      case 'done':
        return <DoneScreen state={state} />;
    }
  })();
  const framed = screen === 'choose' || screen === 'upload' || screen === 'agreements';
  return (
    <div
      className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10"
      data-screen={`identification-${screen}`}
    >
      {framed && (
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-navy-900">{t('identification.title')}</h1>
          <p className="mt-1 text-navy-700">{t('identification.intro')}</p>
        </div>
      )}
      {content}
    </div>
  );
};
