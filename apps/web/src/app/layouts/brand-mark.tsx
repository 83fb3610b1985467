import { Link } from 'react-router';
import { AppIcon } from '../../components/app-icon';
import { useScreenHref } from '../../hooks/use-family';
import { useTranslation } from '../../lib/i18n';
import { useShellStore } from '../../stores/shell-store';

/** Partner icon and app name, linking home. */
export const BrandMark = () => {
  const { t } = useTranslation();
  const config = useShellStore((state) => state.config);
  const href = useScreenHref();
  const appName = config?.name ?? '';
  return (
    <Link
      to={href({ key: 'marketplace' })}
      className="flex items-center gap-2.5 rounded-lg"
      aria-label={t('common.homeLink', { appName })}
      data-testid="brand-mark"
    >
      <AppIcon iconUrl={config?.appIcon} appName={appName} />
      <span className="text-lg font-bold tracking-tight text-navy-900" data-testid="app-name">
        {appName}
      </span>
    </Link>
  );
};
