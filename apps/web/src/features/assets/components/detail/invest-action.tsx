import { TrendingUp } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../../components/button';
import { useRequireAccount } from '../../../../components/guest-dialog';
import { useScreenHref } from '../../../../hooks/use-family';
import { useTranslation } from '../../../../lib/i18n';

/**
 * "Jetzt investieren": the page's one primary action, in the partner's brand colour. A logged-in
 * user goes to the asset's trading screen (issue 9); guests get register-or-login.
 */
export const InvestAction = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const navigate = useNavigate();
  // Every asset route carries the asset's id.
  const assetId = useParams().id ?? '';
  const requireAccount = useRequireAccount();
  return (
    <Button
      block
      onClick={() => requireAccount(() => void navigate(href({ key: 'trading', params: { id: assetId } })))}
    >
      <TrendingUp aria-hidden="true" className="size-5" />
      {t('asset.invest')}
    </Button>
  );
};
