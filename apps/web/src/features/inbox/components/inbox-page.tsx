import type { NotificationItem } from '@bw/contracts';
import { CircleAlert, Inbox, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { StatusPage } from '../../../components/status-page';
import { paths } from '../../../config/paths';
import { useFamily, useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useInbox } from '../api/notifications';
import { useMarkSeen } from '../hooks/use-open-notification';
import { mergeNotificationPages } from '../lib/merge-pages';
import { NotificationCard, NotificationLink } from './notification-card';
import { NotificationSettings } from './notification-settings-page';

const rowClass = (item: NotificationItem) =>
  `block w-full rounded-2xl p-4 text-left ring-1 transition-colors hover:bg-navy-100 focus-visible:outline-2 ${
    item.seen ? 'bg-white ring-navy-100' : 'bg-white ring-2 ring-brand'
  }`;

/** Desktop has no `inbox/{id}` screen (spec section 2): a notification opens in place. */
const DesktopRow = ({ item }: { readonly item: NotificationItem }) => {
  const [open, setOpen] = useState(false);
  const markSeen = useMarkSeen();
  return (
    <>
      <button
        type="button"
        className={rowClass(item)}
        aria-expanded={open}
        data-testid="inbox-item"
        data-unread={item.seen ? 'false' : 'true'}
        onClick={() => {
          setOpen((value) => !value);
          if (!item.seen) markSeen.mutate(item.id);
        }}
      >
        <NotificationCard item={item} expanded={open} />
      </button>
      {open ? (
        <div className="px-4">
          <NotificationLink item={item} />
        </div>
      ) : null}
    </>
  );
};

const MobileRow = ({ item }: { readonly item: NotificationItem }) => {
  const href = useScreenHref();
  return (
    <Link
      to={href({ key: 'inboxItem', params: { id: item.id } })}
      className={rowClass(item)}
      data-testid="inbox-item"
      data-unread={item.seen ? 'false' : 'true'}
    >
      <NotificationCard item={item} />
    </Link>
  );
};

/** The inbox (spec sections 2, 4): newest first, pages of 20 appended without duplicates. */
export const InboxPage = () => {
  const { t } = useTranslation();
  const family = useFamily();
  const href = useScreenHref();
  const inbox = useInbox();
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Desktop has neither `inbox/{id}` nor `notifications` (spec section 2): both open in place here.
  const desktop = family === 'desktopWeb';
  if (inbox.isError)
    return <StatusPage icon={CircleAlert} title={t('inbox.loadError')} text={t('networkError.text')} />;
  const items = mergeNotificationPages(inbox.data?.pages ?? []);
  const unread = inbox.data?.pages.at(-1)?.unreadCount ?? 0;
  const Row = paths.screens.inboxItem[desktop ? 'desktop' : 'mobile'] ? MobileRow : DesktopRow;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 md:py-10">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-navy-900 md:text-3xl">{t('inbox.title')}</h1>
        {desktop ? (
          <button
            type="button"
            aria-expanded={settingsOpen}
            onClick={() => setSettingsOpen((open) => !open)}
            className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-text"
          >
            <Settings aria-hidden="true" className="size-4" />
            {t('inbox.settingsLink')}
          </button>
        ) : (
          <Link
            to={href({ key: 'notifications' })}
            className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-text"
          >
            <Settings aria-hidden="true" className="size-4" />
            {t('inbox.settingsLink')}
          </Link>
        )}
      </div>
      {desktop && settingsOpen ? (
        <section className="rounded-2xl bg-white p-5 ring-1 ring-navy-100" aria-label={t('notificationSettings.title')}>
          <NotificationSettings />
        </section>
      ) : null}
      {unread > 0 ? (
        <p className="text-sm font-semibold text-navy-700" data-testid="inbox-unread">
          {t('inbox.unreadCount', { count: unread })}
        </p>
      ) : null}
      {inbox.isPending ? (
        <ul className="flex flex-col gap-3" aria-busy="true">
          {[0, 1, 2].map((key) => (
            <li key={key} className="h-20 animate-pulse rounded-2xl bg-navy-100" />
          ))}
        </ul>
      ) : items.length === 0 ? (
        <EmptyState icon={Inbox} title={t('inbox.emptyTitle')} text={t('inbox.emptyText')} />
      ) : (
        <ul className="flex flex-col gap-3" data-testid="inbox-list">
          {items.map((item) => (
            <li key={item.id}>
              <Row item={item} />
            </li>
          ))}
        </ul>
      )}
      {inbox.hasNextPage ? (
        <Button variant="secondary" onClick={() => void inbox.fetchNextPage()} disabled={inbox.isFetchingNextPage}>
          {t('inbox.loadMore')}
        </Button>
      ) : null}
    </div>
  );
};

export const Component = InboxPage;
