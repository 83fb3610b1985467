import { TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../../../components/bottom-sheet';
import { Button } from '../../../../components/button';
import { useFamily } from '../../../../hooks/use-family';
import { useRequireAccount } from '../../../auth/components/guest-dialog';

/**
 * "Jetzt investieren": the page's one primary action, in the partner's brand colour. Buying is a
 * later issue, so a logged-in user gets an honest "coming soon" sheet; guests get register-or-login.
 */
export const InvestAction = () => {
  const { t } = useTranslation();
  const family = useFamily();
  const requireAccount = useRequireAccount();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button block onClick={() => requireAccount(() => setOpen(true))}>
        <TrendingUp aria-hidden="true" className="size-5" />
        {t('asset.invest')}
      </Button>
      <BottomSheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('asset.comingSoonTitle')}
        variant={family === 'desktopWeb' ? 'dialog' : 'sheet'}
      >
        <p className="text-base leading-relaxed text-navy-700">{t('asset.comingSoonText')}</p>
        <div className="mt-6">
          <Button block variant="secondary" onClick={() => setOpen(false)}>
            {t('asset.comingSoonOk')}
          </Button>
        </div>
      </BottomSheet>
    </>
  );
};
