import { LogIn, UserPlus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useFamily, useScreenHref } from '../hooks/use-family';
import { useTranslation } from '../lib/i18n';
import { useShellStore } from '../stores/shell-store';
import { BottomSheet } from './bottom-sheet';
import { Button } from './button';

/** Offered when a guest tries to act (spec section 2): register or log in. */
export const GuestDialog = () => {
  const { t } = useTranslation();
  const open = useShellStore((state) => state.guestDialogOpen);
  const close = useShellStore((state) => state.closeGuestDialog);
  const family = useFamily();
  const href = useScreenHref();
  const navigate = useNavigate();
  const go = (key: 'register' | 'login') => {
    close();
    void navigate(href({ key }));
  };
  return (
    <BottomSheet
      open={open}
      onClose={close}
      title={t('guestDialog.title')}
      variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}
    >
      <p className="text-base leading-relaxed text-navy-700">{t('guestDialog.text')}</p>
      <div className="mt-6 flex flex-col gap-3">
        <Button block onClick={() => go('register')}>
          <UserPlus aria-hidden="true" className="size-5" />
          {t('guestDialog.register')}
        </Button>
        <Button block variant="secondary" onClick={() => go('login')}>
          <LogIn aria-hidden="true" className="size-5" />
          {t('guestDialog.login')}
        </Button>
        <Button block variant="ghost" onClick={close}>
          {t('guestDialog.later')}
        </Button>
      </div>
    </BottomSheet>
  );
};

/** Runs `action` for a logged-in user; a guest gets the register-or-login dialog instead. */
const requireAccount = (action: () => void): void => {
  const shell = useShellStore.getState();
  if (shell.user !== null) action();
  else shell.openGuestDialog();
};

/**
 * `requireAccount` for components. It reads the session when pressed, so a component that only
 * guards a button does not subscribe to the store (issue 6: two subscriptions per marketplace card).
 */
export const useRequireAccount = () => requireAccount;
