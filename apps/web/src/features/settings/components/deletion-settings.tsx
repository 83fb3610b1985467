import type { AccountDeletionView } from '@bw/contracts';
import { formatDate } from '@bw/i18n';
import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { currentLocale, useTranslation } from '../../../lib/i18n';
import { useCancelDeletion, useConfirmDeletion, useRequestDeletion } from '../api/settings-calls';
import { SettingsCard } from './settings-card';

const messageOf = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message ? error.message : fallback;

/** The e-mail's link opens settings with `option=confirmDeletion&token=…`: confirmed once, then the token leaves the address. */
const useConfirmFromLink = () => {
  const [search, setSearch] = useSearchParams();
  const confirm = useConfirmDeletion();
  const token = search.get('option') === 'confirmDeletion' ? search.get('token') : null;
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token, { onSettled: () => setSearch({}, { replace: true }) });
  }, [token, confirm, setSearch]);
  return confirm;
};

/** Issue 20, account deletion: requested here, confirmed by e-mail, done by a job 4 to 7 days later. */
export const DeletionSettings = ({ deletion }: { readonly deletion: AccountDeletionView | null }) => {
  const { t } = useTranslation();
  const request = useRequestDeletion();
  const cancel = useCancelDeletion();
  const confirm = useConfirmFromLink();
  const [asking, setAsking] = useState(false);
  const error = request.error ?? confirm.error ?? cancel.error;
  return (
    <SettingsCard
      icon={Trash2}
      title={t('accountSettings.deletionTitle')}
      text={t('accountSettings.deletionText')}
      testId="deletion-settings"
    >
      {confirm.isPending && <p aria-busy="true">{t('accountSettings.deletionConfirming')}</p>}
      {error && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-800" data-testid="deletion-error">
          {messageOf(error, t('accountSettings.error'))}
        </p>
      )}
      {deletion?.status === 'requested' && (
        <p className="text-sm text-navy-900" data-testid="deletion-status">
          {t('accountSettings.deletionRequested')}
        </p>
      )}
      {deletion?.status === 'confirmed' && deletion.executeAfter && (
        <p className="text-sm font-semibold text-navy-900" data-testid="deletion-status">
          {t('accountSettings.deletionConfirmed', {
            date: formatDate(new Date(deletion.executeAfter), currentLocale()),
          })}
        </p>
      )}
      {deletion ? (
        <Button
          variant="secondary"
          className="sm:self-start"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {t('accountSettings.deletionWithdraw')}
        </Button>
      ) : asking ? (
        <div className="flex flex-col gap-3 rounded-xl bg-navy-100 p-3">
          <p className="text-sm text-navy-900">{t('accountSettings.deletionAsk')}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button
              disabled={request.isPending}
              onClick={() => request.mutate(undefined, { onSettled: () => setAsking(false) })}
              data-testid="deletion-confirm"
            >
              {t('accountSettings.deletionYes')}
            </Button>
            <Button variant="ghost" onClick={() => setAsking(false)}>
              {t('accountSettings.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="secondary"
          className="sm:self-start"
          onClick={() => setAsking(true)}
          data-testid="deletion-request"
        >
          {t('accountSettings.deletionRequest')}
        </Button>
      )}
    </SettingsCard>
  );
};
