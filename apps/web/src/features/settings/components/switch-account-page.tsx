import { type AppConfig, copyMeConsentText, type LinkedAccounts } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftRight, Building2, CopyPlus, LogOut } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { CheckboxField, Form, FormError, SubmitButton, useZodForm } from '../../../components/form';
import { serverMessage } from '../../../components/form/server-errors';
import { apiClient } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { getAppConfigs } from '../../app-config/api/get-app-configs';
import { applySession, useSessionActions } from '../../auth/hooks/use-session-actions';
import { isCopyAllowed, switchToPartner, useCopyMe, useLinkedAccounts } from '../api/switch-account-calls';
import { SettingsCard } from './settings-card';

type Account = LinkedAccounts['accounts'][number];
type Destination = LinkedAccounts['destinations'][number];

const STATUS_KEYS = {
  new: 'switchAccount.statusNew',
  pending: 'switchAccount.statusPending',
  verified: 'switchAccount.statusVerified',
  active: 'switchAccount.statusActive',
  deactivated: 'switchAccount.statusDeactivated',
} as const;

/** The partner's look and flags follow the account: the shell shows the partner switched to. */
const showPartner = (config: AppConfig | undefined): void => {
  if (!config) return;
  useShellStore.getState().patch({
    selectedAppId: config.appId,
    cachedConfig: config,
    config,
    flags: config.featureFlags,
    cachedFlags: null,
  });
};

const consentForm = z.object({
  consent: z.boolean().refine((value) => value, { message: 'Bitte bestätige die Einwilligung.' }),
});

/** The consent of ADR 0035 word for word, then `copy-me/allowed` and `copy-me`. */
const CopyConsent = ({ destination, onDone }: { readonly destination: Destination; readonly onDone: () => void }) => {
  const { t } = useTranslation();
  const copy = useCopyMe();
  const form = useZodForm(consentForm, { defaultValues: { consent: false } });
  return (
    <Form
      form={form}
      onSubmit={async () => {
        const allowed = await isCopyAllowed(destination.platformProvider);
        if (!allowed.allowed) throw new Error(t('switchAccount.copyDisabled'));
        await copy.mutateAsync(destination.platformProvider);
        onDone();
      }}
      serverErrors={{ fallback: t('switchAccount.error') }}
      className="flex flex-col gap-3 rounded-xl bg-navy-100/50 p-4"
      data-testid={`copy-consent-${destination.platformProvider}`}
    >
      <h3 className="font-semibold text-navy-900">{t('switchAccount.consentTitle')}</h3>
      <p className="text-sm text-navy-700" data-testid="copy-consent-text">
        {copyMeConsentText(destination.partnerName)}
      </p>
      <CheckboxField name="consent" label={t('switchAccount.consentConfirm')} boxed />
      <FormError />
      <SubmitButton>{t('switchAccount.copyAction')}</SubmitButton>
    </Form>
  );
};

const AccountRow = ({
  account,
  onSwitch,
}: {
  readonly account: Account;
  readonly onSwitch: (account: Account) => void;
}) => {
  const { t } = useTranslation();
  return (
    <li
      className="flex items-center justify-between gap-3 py-3"
      data-testid={`linked-account-${account.platformProvider}`}
    >
      <span className="flex min-w-0 flex-col">
        <span className="font-semibold text-navy-900">{account.partnerName}</span>
        <span className="text-sm text-navy-700">{t(STATUS_KEYS[account.status])}</span>
      </span>
      {account.current ? (
        <span className="rounded-full bg-navy-100 px-3 py-1 text-sm font-semibold text-navy-900">
          {t('switchAccount.current')}
        </span>
      ) : (
        <Button
          variant="secondary"
          onClick={() => onSwitch(account)}
          data-testid={`switch-to-${account.platformProvider}`}
        >
          <ArrowLeftRight aria-hidden="true" className="size-5" />
          {t('switchAccount.switchTo')}
        </Button>
      )}
    </li>
  );
};

const CopyCard = ({ data, verified }: { readonly data: LinkedAccounts; readonly verified: boolean }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const empty = !data.copyEnabled
    ? t('switchAccount.copyDisabled')
    : verified
      ? t('switchAccount.copyNone')
      : t('switchAccount.copyNeedsVerification');
  return (
    <SettingsCard
      icon={CopyPlus}
      title={t('switchAccount.copyTitle')}
      text={t('switchAccount.copyText')}
      testId="copy-me"
    >
      {copied && (
        <p role="status" className="text-sm font-semibold text-navy-900">
          {t('switchAccount.copied', { partner: copied })}
        </p>
      )}
      {data.destinations.length === 0 ? (
        <p className="text-sm text-navy-700">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.destinations.map((destination) => (
            <li key={destination.platformProvider} className="flex flex-col gap-3">
              <div className="flex items-center justify-between gap-3">
                <span className="font-semibold text-navy-900">{destination.partnerName}</span>
                <Button
                  variant="secondary"
                  onClick={() => setOpen(destination.platformProvider)}
                  data-testid={`copy-to-${destination.platformProvider}`}
                >
                  {t('switchAccount.copyStart')}
                </Button>
              </div>
              {open === destination.platformProvider && (
                <CopyConsent
                  destination={destination}
                  onDone={() => {
                    setOpen(null);
                    setCopied(destination.partnerName);
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
};

/**
 * Spec section 2 "Switch account" (issue 20, ADR 0035), `settings?option=switchAccount` in every family:
 * the person's accounts at the partners, switching without a password, copying the profile to a
 * further partner after consent, and logging out to use another e-mail address.
 */
export const SwitchAccountPage = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const accounts = useLinkedAccounts();
  const { endSession } = useSessionActions();
  const [message, setMessage] = useState<{ tone: 'status' | 'alert'; text: string } | null>(null);
  const switchTo = async (account: Account) => {
    setMessage(null);
    try {
      const session = await switchToPartner(account.platformProvider);
      applySession(session);
      const configs = await getAppConfigs(apiClient).catch(() => []);
      showPartner(configs.find((config) => config.partnerId === session.platformProvider));
      // Everything cached belonged to the other account.
      await queryClient.resetQueries();
      setMessage({ tone: 'status', text: t('switchAccount.switched', { partner: account.partnerName }) });
    } catch (error) {
      setMessage({ tone: 'alert', text: serverMessage(error, t('switchAccount.error')) });
    }
  };
  const current = accounts.data?.accounts.find((account) => account.current);
  const verified = current?.status === 'verified' || current?.status === 'active';
  return (
    <div
      className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:px-8 sm:py-10"
      data-testid="switch-account-page"
    >
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">{t('switchAccount.title')}</h1>
        <p className="text-navy-700">{t('switchAccount.text')}</p>
      </header>
      {message && (
        <p
          role={message.tone}
          className={`rounded-xl p-3 text-sm font-semibold ${message.tone === 'alert' ? 'bg-red-50 text-red-800' : 'bg-navy-100 text-navy-900'}`}
          data-testid="switch-account-message"
        >
          {message.text}
        </p>
      )}
      {accounts.data ? (
        <>
          <SettingsCard icon={Building2} title={t('switchAccount.accountsTitle')} testId="linked-accounts">
            <ul className="flex flex-col divide-y divide-navy-100">
              {accounts.data.accounts.map((account) => (
                <AccountRow key={account.userId} account={account} onSwitch={(target) => void switchTo(target)} />
              ))}
            </ul>
          </SettingsCard>
          <CopyCard data={accounts.data} verified={verified} />
        </>
      ) : (
        <p aria-busy="true">{t('accountSettings.loading')}</p>
      )}
      <SettingsCard icon={LogOut} title={t('switchAccount.logoutTitle')} text={t('switchAccount.logoutText')}>
        <Button variant="secondary" onClick={() => void endSession()} data-testid="logout-other-email">
          <LogOut aria-hidden="true" className="size-5" />
          {t('switchAccount.logout')}
        </Button>
      </SettingsCard>
    </div>
  );
};
