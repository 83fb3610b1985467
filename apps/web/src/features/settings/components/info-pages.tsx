import * as ops from '@bw/api-client/operations';
import { imprintView } from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { Building2, Hourglass, Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { StatusPage } from '../../../components/status-page';
import { useScreenHref } from '../../../hooks/use-family';
import { apiClient } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';

/** Spec section 2, desktop `comingSoon`: what is not offered on this platform yet, and the way back. */
export const ComingSoonPage = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <StatusPage
      icon={Hourglass}
      title={t('accountSettings.comingSoonTitle')}
      text={t('accountSettings.comingSoonText')}
    >
      <Link to={href({ key: 'continueOnMobile' })} className={buttonClass('primary', true)}>
        {t('accountSettings.comingSoonMobile')}
      </Link>
      <Link to={href({ key: 'marketplace' })} className={buttonClass('secondary', true)}>
        {t('common.backToMarketplace')}
      </Link>
    </StatusPage>
  );
};

/** Spec section 2, `imprint-details`: the partner's imprint and contacts from its configuration (guests too). */
export const ImprintPage = () => {
  const { t } = useTranslation();
  const partnerId = useShellStore((state) => state.config?.partnerId ?? null);
  const imprint = useQuery({
    queryKey: ['imprint', partnerId],
    enabled: partnerId !== null,
    queryFn: () => apiClient.get(ops.getImprintByPartnerId, imprintView, { path: { partnerId: partnerId ?? '' } }),
  });
  const data = imprint.data;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-6 sm:px-8 sm:py-10" data-testid="imprint">
      <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
        <Building2 aria-hidden="true" className="size-6 text-brand-text" />
        {t('routes.imprintDetails')}
      </h1>
      {!data && <p aria-busy="true">{t('accountSettings.loading')}</p>}
      {data && (
        <section className="flex flex-col gap-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
          <h2 className="text-lg font-semibold text-navy-900">{data.name}</h2>
          <p className="whitespace-pre-line text-navy-900">{data.imprint || t('accountSettings.imprintMissing')}</p>
          {data.supportEmail && (
            <a href={`mailto:${data.supportEmail}`} className="flex items-center gap-2 text-brand-text underline">
              <Mail aria-hidden="true" className="size-4" />
              {data.supportEmail}
            </a>
          )}
          {data.supportPhone && (
            <a href={`tel:${data.supportPhone}`} className="flex items-center gap-2 text-brand-text underline">
              <Phone aria-hidden="true" className="size-4" />
              {data.supportPhone}
            </a>
          )}
        </section>
      )}
    </div>
  );
};
