import type { UserWithOnboarding } from '@bw/contracts';
import { Mail } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSaveUserParts } from '../../personal-data/api/save-user-part';
import { accountCalls } from '../api/account-calls';
import { useUpdateAnalytics } from '../api/settings-calls';
import { SettingsCard } from './settings-card';

const Toggle = ({
  label,
  checked,
  busy,
  onChange,
  testId,
}: {
  readonly label: string;
  readonly checked: boolean;
  readonly busy: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly testId: string;
}) => {
  const id = useId();
  return (
    <label htmlFor={id} className="flex items-start gap-3 text-sm text-navy-900">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-[var(--bw-brand)]"
        checked={checked}
        disabled={busy}
        onChange={(event) => onChange(event.target.checked)}
        data-testid={testId}
      />
      <span>{label}</span>
    </label>
  );
};

/** The marketing newsletter (`PUT /api/v2/user/account/marketingNewsletter`) and analytics consent (`PUT /api/v2/user/analytics`). */
export const ConsentSettings = ({
  user,
  analytics,
}: {
  readonly user: UserWithOnboarding;
  readonly analytics: boolean | null;
}) => {
  const { t } = useTranslation();
  const save = useSaveUserParts();
  const updateAnalytics = useUpdateAnalytics();
  const failed = save.isError || updateAnalytics.isError;
  return (
    <SettingsCard icon={Mail} title={t('accountSettings.consentTitle')} testId="consent-settings">
      <Toggle
        label={t('accountSettings.newsletter')}
        checked={user.account.marketingNewsletter}
        busy={save.isPending}
        onChange={(marketingNewsletter) => save.mutate([accountCalls.marketingNewsletter({ marketingNewsletter })])}
        testId="newsletter-toggle"
      />
      <Toggle
        label={t('accountSettings.analytics')}
        checked={analytics === true}
        busy={updateAnalytics.isPending}
        onChange={(value) => updateAnalytics.mutate(value)}
        testId="analytics-toggle"
      />
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {t('accountSettings.error')}
        </p>
      )}
    </SettingsCard>
  );
};
