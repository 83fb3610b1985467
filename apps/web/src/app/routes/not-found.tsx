import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button';
import { StatusPage } from '../../components/status-page';
import { useScreenHref } from '../../hooks/use-family';
import { useTranslation } from '../../lib/i18n';

/** Spec section 2: any unknown desktop path shows this page with a button back to the marketplace. */
export const Component = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <StatusPage icon={Compass} title={t('notFound.title')} text={t('notFound.text')}>
      <Link to={href({ key: 'marketplace' })} className={buttonClass('primary', true)} data-testid="not-found-home">
        {t('common.backToMarketplace')}
      </Link>
    </StatusPage>
  );
};
