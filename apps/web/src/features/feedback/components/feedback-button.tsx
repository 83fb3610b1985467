import { MessageCircleHeart } from 'lucide-react';
import { useState } from 'react';
import { BottomSheet } from '../../../components/bottom-sheet';
import { buttonClass } from '../../../components/button';
import { useFamily } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { FeedbackForm } from './feedback-form';

/** Opens the feedback modal (spec section 2) from the support page, for logged-in users. */
export const FeedbackButton = () => {
  const { t } = useTranslation();
  const family = useFamily();
  const loggedIn = useShellStore((state) => state.user !== null);
  const [open, setOpen] = useState(false);
  if (!loggedIn) return null;
  return (
    <>
      <button type="button" className={buttonClass('secondary', true)} onClick={() => setOpen(true)}>
        <MessageCircleHeart aria-hidden="true" className="mr-2 size-5" />
        {t('feedback.supportLink')}
      </button>
      <BottomSheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('feedback.title')}
        variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}
      >
        {open ? <FeedbackForm source="support" onClose={() => setOpen(false)} /> : null}
      </BottomSheet>
    </>
  );
};
