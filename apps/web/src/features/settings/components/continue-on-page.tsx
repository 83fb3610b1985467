import { QrCode, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { StatusPage } from '../../../components/status-page';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { currentPlatform } from '../../../lib/platform';
import { appStoreLink, playStoreLink } from '../../../lib/store-links';
import { useShellStore } from '../../../stores/shell-store';

/** Only a path of this site may be passed on (`?target=/mobileWeb/asset/x`), never another host. */
const safeTarget = (target: string | null): string | null =>
  target?.startsWith('/') && !target.startsWith('//') ? target : null;

/** The QR code as an SVG data URL; `qrcode` loads only with this screen. */
const useQrCode = (text: string): string | null => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then((qr) =>
      qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
        if (live) setUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      }),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return url;
};

const QrImage = ({ text, label }: { readonly text: string; readonly label: string }) => {
  const src = useQrCode(text);
  return (
    <div className="mx-auto grid size-56 place-items-center rounded-2xl bg-white p-3 ring-1 ring-navy-100">
      {src ? (
        <img src={src} alt={label} className="size-full" data-testid="qr-code" />
      ) : (
        <QrCode aria-hidden="true" className="size-12 text-navy-300" />
      )}
    </div>
  );
};

/**
 * Spec section 2, desktop `continue-on-mobile`: the phone carries on where the desktop is, through a
 * QR code of the same screen in the mobile web family (and the link itself to copy).
 */
export const ContinueOnMobilePage = () => {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const target = safeTarget(search.get('target')) ?? '/mobileWeb/marketplace';
  const link = `${window.location.origin}${target.replace(/^\/desktopWeb\//, '/mobileWeb/')}`;
  return (
    <StatusPage
      icon={Smartphone}
      title={t('accountSettings.continueOnMobileTitle')}
      text={t('accountSettings.continueOnMobileText')}
    >
      <QrImage text={link} label={t('accountSettings.qrLabel')} />
      <a href={link} className="break-all text-sm font-semibold text-brand-text underline" data-testid="continue-link">
        {link}
      </a>
    </StatusPage>
  );
};

/**
 * Spec section 2, mobileWeb `continue-on-native`: open the partner's app. The native check is
 * evaluated: inside the native shell this screen has nothing to do and goes on to the target.
 */
export const ContinueOnNativePage = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const [search] = useSearchParams();
  const config = useShellStore((state) => state.config);
  const target = safeTarget(search.get('target'));
  const native = currentPlatform() === 'app';
  const appLink = config
    ? `${config.appURL.replace(/\/$/, '')}${(target ?? '/app/marketplace').replace(/^\/mobileWeb\//, '/app/')}`
    : null;
  const storeLink = appStoreLink(config);
  const playLink = playStoreLink(config);
  return (
    <StatusPage
      icon={Smartphone}
      title={t('accountSettings.continueOnNativeTitle')}
      text={native ? t('accountSettings.continueOnNativeInApp') : t('accountSettings.continueOnNativeText')}
    >
      {!native && appLink && (
        <a href={appLink} className={buttonClass('primary', true)} data-testid="open-app">
          {t('accountSettings.openApp')}
        </a>
      )}
      {!native && storeLink && (
        <a href={storeLink} className={buttonClass('secondary', true)} data-testid="app-store-link">
          {t('accountSettings.appStore')}
        </a>
      )}
      {!native && playLink && (
        <a href={playLink} className={buttonClass('secondary', true)} data-testid="play-store-link">
          {t('accountSettings.playStore')}
        </a>
      )}
      <Link to={target ?? href({ key: 'marketplace' })} className={buttonClass('ghost', true)}>
        {t('accountSettings.continueInBrowser')}
      </Link>
    </StatusPage>
  );
};
