import { useTranslation } from '../lib/i18n';
import { safeIconUrl } from '../lib/theme';

export type AppIconProps = {
  readonly iconUrl: string | null | undefined;
  readonly appName: string;
  readonly size?: number;
};

/** The partner's icon (validated URL), or its initial on the brand colour. */
export const AppIcon = ({ iconUrl, appName, size = 32 }: AppIconProps) => {
  const { t } = useTranslation();
  const src = safeIconUrl(iconUrl, window.location.href);
  if (src) {
    return (
      <img
        src={src}
        alt={t('common.appIconAlt', { appName })}
        width={size}
        height={size}
        className="rounded-lg object-contain"
        data-testid="app-icon"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={t('common.appIconAlt', { appName })}
      data-testid="app-icon"
      className="grid place-items-center rounded-lg bg-brand font-bold text-on-brand"
      style={{ width: size, height: size }}
    >
      {appName.slice(0, 1).toUpperCase()}
    </span>
  );
};
