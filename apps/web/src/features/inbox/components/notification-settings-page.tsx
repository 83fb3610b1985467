import type { NotificationSetting } from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { BackLink } from '../../../components/back-link';
import { Button } from '../../../components/button';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { saveNotificationSettings, useNotificationSettings } from '../api/notifications';
import { enablePush as enablePushOnDevice } from '../lib/push';
import type { PushOutcome } from '../lib/web-push';

const typeKey = (type: NotificationSetting['type']) =>
  `notificationSettings.type${type.charAt(0).toUpperCase()}${type.slice(1)}` as 'notificationSettings.typeForum';

const pushMessage = {
  enabled: 'notificationSettings.pushEnabled',
  denied: 'notificationSettings.pushDenied',
  unsupported: 'notificationSettings.pushUnsupported',
  failed: 'notificationSettings.pushFailed',
} as const satisfies Record<PushOutcome, string>;

/** Push and e-mail per type; push is asked for only on the user's tap (spec section 9). */
export const NotificationSettings = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useNotificationSettings();
  const [draft, setDraft] = useState<NotificationSetting[] | null>(null);
  const [push, setPush] = useState<PushOutcome | null>(null);
  const rows = draft ?? settings.data?.settings ?? [];
  const save = useMutation({
    mutationFn: () => saveNotificationSettings(rows),
    onSuccess: (data) => {
      queryClient.setQueryData(['notifications', 'settings'], data);
      setDraft(null);
    },
  });
  const toggle = (type: NotificationSetting['type'], channel: 'push' | 'email') =>
    setDraft(rows.map((row) => (row.type === type ? { ...row, [channel]: !row[channel] } : row)));
  const enablePush = async () => {
    const outcome = await enablePushOnDevice();
    setPush(outcome);
    if (outcome === 'enabled') setDraft(rows.map((row) => ({ ...row, push: true })));
  };
  return (
    <div className="flex flex-col gap-5" data-testid="notification-settings">
      <p className="text-sm leading-relaxed text-navy-700">{t('notificationSettings.intro')}</p>
      <div className="flex flex-col gap-2 rounded-2xl bg-white p-4 ring-1 ring-navy-100">
        <Button variant="secondary" onClick={() => void enablePush()} data-testid="enable-push">
          <BellRing aria-hidden="true" className="mr-2 inline size-4" />
          {t('notificationSettings.enablePush')}
        </Button>
        {push ? (
          <p role="status" className="text-sm text-navy-700">
            {t(pushMessage[push])}
          </p>
        ) : null}
      </div>
      <table className="w-full rounded-2xl bg-white text-left ring-1 ring-navy-100">
        <thead>
          <tr className="text-sm text-navy-700">
            <th className="p-3 font-medium" />
            <th className="p-3 text-center font-medium">{t('notificationSettings.push')}</th>
            <th className="p-3 text-center font-medium">{t('notificationSettings.email')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.type} className="border-t border-navy-100">
              <th scope="row" className="p-3 text-sm font-medium text-navy-900">
                {t(typeKey(row.type))}
              </th>
              {(['push', 'email'] as const).map((channel) => (
                <td key={channel} className="p-3 text-center">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand"
                    aria-label={`${t(typeKey(row.type))}: ${t(`notificationSettings.${channel}`)}`}
                    checked={row[channel]}
                    onChange={() => toggle(row.type, channel)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <Button onClick={() => save.mutate()} disabled={!draft || save.isPending}>
        {save.isSuccess && !draft ? t('notificationSettings.saved') : t('notificationSettings.save')}
      </Button>
    </div>
  );
};

/** Spec section 2 `notifications` (app and mobileWeb; desktop shows the settings in its inbox). */
export const NotificationSettingsPage = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-6 md:py-10">
      <BackLink to={href({ key: 'inbox' })}>{t('inbox.back')}</BackLink>
      <h1 className="text-2xl font-bold text-navy-900">{t('notificationSettings.title')}</h1>
      <NotificationSettings />
    </div>
  );
};

export const Component = NotificationSettingsPage;
