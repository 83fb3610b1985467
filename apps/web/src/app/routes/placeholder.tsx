import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button';
import { StatusPage } from '../../components/status-page';
import { useScreenHref } from '../../hooks/use-family';
import { useTranslation } from '../../lib/i18n';
import { useRouteTitle } from './use-route-title';

/**
 * Screens that later issues build (login, account, investments, ...) show this honest placeholder:
 * the area's name and that it is being prepared. No sample data, no pretend success.
 */
export const PlaceholderPage = ({ children }: { readonly children?: ReactNode }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const title = useRouteTitle();
  return (
    <StatusPage icon={Construction} title={title} text={t('placeholder.text')}>
      {children ?? (
        <Link to={href({ key: 'marketplace' })} className={buttonClass('secondary', true)}>
          {t('common.backToMarketplace')}
        </Link>
      )}
    </StatusPage>
  );
};

export const Component = () => <PlaceholderPage />;
