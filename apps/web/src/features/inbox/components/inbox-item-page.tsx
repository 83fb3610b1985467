import { Inbox } from 'lucide-react';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { EmptyState } from '../../../components/empty-state';
import { useScreenHref } from '../../../hooks/use-family';
import { useTranslation } from '../../../lib/i18n';
import { useInbox } from '../api/notifications';
import { useSeenOnOpen } from '../hooks/use-open-notification';
import { mergeNotificationPages } from '../lib/merge-pages';
import { NotificationCard, NotificationLink } from './notification-card';

/** `inbox/{id}` on app and mobileWeb: one notification in full; opening it marks it seen. */
export const InboxItemPage = () => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const { id } = useParams();
  const inbox = useInbox();
  const item = mergeNotificationPages(inbox.data?.pages ?? []).find((each) => each.id === id);
  useSeenOnOpen(item);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <BackLink to={href({ key: 'inbox' })}>{t('inbox.back')}</BackLink>
      {item ? (
        <article
          className="flex flex-col gap-2 rounded-2xl bg-white p-5 ring-1 ring-navy-100"
          data-testid="inbox-detail"
        >
          <NotificationCard item={item} expanded />
          <NotificationLink item={item} />
        </article>
      ) : inbox.isPending ? (
        <div className="h-32 animate-pulse rounded-2xl bg-navy-100" aria-busy="true" />
      ) : (
        <EmptyState icon={Inbox} title={t('inbox.notFound')} />
      )}
    </div>
  );
};

export const Component = InboxItemPage;
