import { CircleAlert } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { StatusPage } from '../../../components/status-page';
import { useTranslation } from '../../../lib/i18n';
import { useOnboardingUser } from '../api/get-onboarding-user';
import { useDraftHydrated, useRegistrationDraft } from '../stores/registration-draft';
import { needsPersonalData, PersonalDataSteps } from './personal-data-steps';

/**
 * The identification screen first walks the personal-data steps the user still needs (spec section
 * 4: Address … PhoneNumber come before ExternalIdentification), then shows `children`: the
 * identification itself. The choice is taken once, when the user is first loaded.
 */
export const PersonalDataGate = ({ children }: { readonly children: ReactNode }) => {
  const { t } = useTranslation();
  const query = useOnboardingUser();
  const hydrated = useDraftHydrated();
  const [handedOver, setHandedOver] = useState(false);
  const walk = useRef<boolean | null>(null);
  if (query.data && walk.current === null) walk.current = needsPersonalData(query.data);
  const userId = query.data?.userId;
  const ownerId = useRegistrationDraft((state) => state.ownerId);
  useEffect(() => {
    if (userId && hydrated) useRegistrationDraft.getState().claim(userId);
  }, [userId, hydrated]);
  const done = useCallback(() => {
    // The server holds the data now; the draft on the device is no longer needed.
    useRegistrationDraft.getState().clear();
    setHandedOver(true);
  }, []);

  if (handedOver || walk.current === false) return <>{children}</>;
  if (query.isError) {
    return (
      <StatusPage
        icon={CircleAlert}
        tone="danger"
        title={t('routes.identification')}
        text={t('personalData.loadFailed')}
      >
        <Button block onClick={() => void query.refetch()}>
          {t('personalData.retry')}
        </Button>
      </StatusPage>
    );
  }
  if (!query.data || !hydrated || ownerId !== userId) {
    return (
      <p role="status" className="px-6 py-12 text-center text-navy-700">
        {t('personalData.loading')}
      </p>
    );
  }
  return <PersonalDataSteps user={query.data} onDone={done} />;
};
