import type { AppConfig } from '@bw/contracts';
import { Check, Users } from 'lucide-react';
import { useNavigate } from 'react-router';
import { AppIcon } from '../../../components/app-icon';
import { EmptyState } from '../../../components/empty-state';
import { generalHref } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n';
import { createRepeatGuard } from '../../../lib/repeat-guard';
import { useShellStore } from '../../../stores/shell-store';
import { useAppConfigs } from '../../app-config/api/get-app-configs';

const guard = createRepeatGuard();

/**
 * Spec section 4 step 6: the partner selection (first open, flag partnerSelectionPage). Choosing
 * a partner switches config, colours and icon at once, then the startup continues from step 3.
 */
export const SelectPartnerPage = ({ onChosen }: { readonly onChosen: () => void }) => {
  const { t } = useTranslation();
  const partners = useAppConfigs();
  const currentAppId = useShellStore((state) => state.config?.appId ?? null);
  const patch = useShellStore((state) => state.patch);
  const navigate = useNavigate();
  const choose = guard((partner: AppConfig) => {
    patch({
      selectedAppId: partner.appId,
      cachedConfig: partner,
      config: partner,
      flags: partner.featureFlags,
      cachedFlags: null,
    });
    onChosen();
    void navigate(generalHref('root'), { replace: true });
  });
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col gap-6 bg-white px-6 pt-[max(2rem,env(safe-area-inset-top))] pb-8 md:my-10 md:min-h-0 md:rounded-3xl md:shadow-sm">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-navy-900">{t('selectPartner.title')}</h1>
        <p className="text-base text-navy-700">{t('selectPartner.text')}</p>
      </header>
      {partners.isPending ? (
        <p className="text-navy-500" aria-busy="true">
          {t('selectPartner.loading')}
        </p>
      ) : partners.isError || partners.data.length === 0 ? (
        <EmptyState icon={Users} title={t('selectPartner.empty')} />
      ) : (
        <ul className="flex flex-col gap-3">
          {partners.data.map((partner) => {
            const current = partner.appId === currentAppId;
            return (
              <li key={partner.appId}>
                <button
                  type="button"
                  data-testid={`partner-${partner.appId}`}
                  aria-pressed={current}
                  onClick={() => choose(partner)}
                  className={`flex w-full items-center gap-4 rounded-2xl p-4 text-left ring-1 transition hover:bg-navy-100 ${
                    current ? 'ring-2 ring-brand' : 'ring-navy-300'
                  }`}
                >
                  <AppIcon iconUrl={partner.appIcon} appName={partner.name} size={44} />
                  <span className="flex flex-1 flex-col">
                    <span className="font-semibold text-navy-900">{partner.name}</span>
                    {current ? <span className="text-sm text-navy-700">{t('selectPartner.current')}</span> : null}
                  </span>
                  {current ? <Check aria-hidden="true" className="size-5 text-brand-text" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
};
