import { LogOut, ShieldCheck, UserRound, Users } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { useSessionActions } from '../../auth/hooks/use-session-actions';
import { useOnboardingUser } from '../../personal-data/api/get-onboarding-user';
import { SecurityAppManagement } from '../../security-app/components/security-app-integration-page';
import { useSettings } from '../api/settings-calls';
import { BankSettings } from './bank-settings';
import { ChangePasswordCard } from './change-password-card';
import { ConsentSettings } from './consent-settings';
import { DataExportSettings } from './data-export-settings';
import { DeletionSettings } from './deletion-settings';
import { DocumentsSettings } from './documents-settings';
import { PasskeySettings } from './passkey-settings';
import { AdvisorSettings, SocialSecuritySettings } from './profile-settings';
import { ReinvestmentSettings } from './reinvestment-settings';
import { SwitchAccountPage } from './switch-account-page';
import { TaxSettings } from './tax-settings';

/**
 * Spec section 2 and issue 20, settings in every family: tax IDs with the German tax ID modal,
 * church tax, social security number, financial advisor, newsletter and analytics, documents,
 * security app, password, the data export (issue 39), account deletion, switch account and log out.
 */
/** `settings?option=switchAccount` (spec section 2: settings takes an option) is the switch-account screen. */
export const SWITCH_ACCOUNT_OPTION = 'switchAccount';

export const SettingsPage = () => {
  const [search] = useSearchParams();
  return search.get('option') === SWITCH_ACCOUNT_OPTION ? <SwitchAccountPage /> : <AllSettings />;
};

const AllSettings = () => {
  const { t } = useTranslation();
  const email = useShellStore((state) => state.user?.email ?? '');
  const user = useOnboardingUser();
  const settings = useSettings();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">{t('settings.title')}</h1>
        <p className="flex min-w-0 items-center gap-2 text-navy-700">
          <UserRound aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 break-all">
            {t('settings.signedInAs')} <span className="font-semibold text-navy-900">{email}</span>
          </span>
        </p>
      </header>
      {user.data && settings.data ? (
        <>
          <TaxSettings user={user.data} />
          <DocumentsSettings />
          <BankSettings />
          <SocialSecuritySettings user={user.data} />
          <AdvisorSettings current={settings.data.financialAdvisor} />
          <ConsentSettings user={user.data} analytics={settings.data.analytics} />
        </>
      ) : (
        <p aria-busy="true">{t('accountSettings.loading')}</p>
      )}
      <ReinvestmentSettings />
      <section
        aria-labelledby="settings-security-app"
        className="flex flex-col gap-4"
        data-testid="security-app-settings"
      >
        <h2 id="settings-security-app" className="flex items-center gap-2 text-lg font-semibold text-navy-900">
          <ShieldCheck aria-hidden="true" className="size-5 text-brand-text" />
          {t('accountSettings.securityAppTitle')}
        </h2>
        <p className="-mt-3 text-sm text-navy-700">{t('accountSettings.securityAppText')}</p>
        <SecurityAppManagement />
      </section>
      <ChangePasswordCard />
      <PasskeySettings />
      <SessionCard />
      <DataExportSettings />
      {settings.data && <DeletionSettings deletion={settings.data.deletion} />}
    </div>
  );
};

const SessionCard = () => {
  const { t } = useTranslation();
  const { endSession } = useSessionActions();
  const navigate = useNavigate();
  const href = useScreenHref();
  return (
    <section aria-labelledby="settings-session" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-navy-100">
      <h2 id="settings-session" className="text-lg font-semibold text-navy-900">
        {t('settings.sessionTitle')}
      </h2>
      <p className="mt-1 text-sm text-navy-700">{t('settings.switchAccountText')}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Button
          variant="secondary"
          onClick={() => void navigate(href({ key: 'settings', search: `option=${SWITCH_ACCOUNT_OPTION}` }))}
          data-testid="switch-account"
        >
          <Users aria-hidden="true" className="size-5" />
          {t('settings.switchAccount')}
        </Button>
        <Button variant="secondary" onClick={() => void endSession()} data-testid="logout">
          <LogOut aria-hidden="true" className="size-5" />
          {t('settings.logout')}
        </Button>
      </div>
    </section>
  );
};
