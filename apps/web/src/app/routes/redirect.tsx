import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { screenHref } from '../../config/paths';
import { useTranslation } from '../../lib/i18n';
import { currentPlatform } from '../../lib/platform';
import { useShellStore } from '../../stores/shell-store';

/** General route /redirect: forwards to the saved target (spec section 4 step 7) or the marketplace. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const { targetScreen, saveTarget } = useShellStore.getState();
    saveTarget(null);
    void navigate(screenHref(currentPlatform(), targetScreen ?? { key: 'marketplace' }), { replace: true });
  }, [navigate]);
  return <p className="p-8 text-center text-navy-700">{t('redirect.text')}</p>;
};
