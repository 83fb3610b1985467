import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { paths, type ScreenRef } from '../../config/paths';
import { useScreenHref } from '../../hooks/use-family';
import { useShellStore } from '../../stores/shell-store';
import { PlaceholderPage } from './placeholder';

const marketplace: ScreenRef = { key: 'marketplace' };
const authScreens = new Set<ScreenRef['key']>(['login', 'biometricLogin']);

/** A guest may continue to the saved target when it needs no account, else to the marketplace. */
export const guestTarget = (target: ScreenRef | null): ScreenRef =>
  target && paths.screens[target.key].guest && !authScreens.has(target.key) ? target : marketplace;

/**
 * Login belongs to the accounts issue. Until then the screen says so and lets a guest look around
 * (spec: guests may browse), continuing to the saved target of spec section 4 step 7 when it can.
 */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const href = useScreenHref();
  const continueAsGuest = () => {
    const { targetScreen, saveTarget } = useShellStore.getState();
    saveTarget(null);
    void navigate(href(guestTarget(targetScreen)));
  };
  return (
    <PlaceholderPage>
      <Button block onClick={continueAsGuest} data-testid="continue-as-guest">
        {t('placeholder.continueAsGuest')}
      </Button>
    </PlaceholderPage>
  );
};
