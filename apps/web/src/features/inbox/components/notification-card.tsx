import type { NotificationItem } from '@bw/contracts';
import { formatRelativeTime } from '@bw/i18n';
import {
  ArrowRight,
  Banknote,
  Bell,
  ClipboardCheck,
  Download,
  FileText,
  Gift,
  type LucideIcon,
  MessageCircle,
  ShieldCheck,
  ShoppingBag,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { useScreenHref } from '../../../hooks/use-family';
import { currentLocale, useTranslation } from '../../../lib/i18n';
import { openLabelOf, screenRefOfLink } from '../lib/notification-link';

const icons: Record<NotificationItem['type'], LucideIcon> = {
  forum: Users,
  payout: Banknote,
  vat: FileText,
  text: Bell,
  purchase: ShoppingBag,
  offer: ShoppingBag,
  distribution: Banknote,
  bonus: Gift,
  identification: ShieldCheck,
  appropriateness: ClipboardCheck,
  document: FileText,
  support: MessageCircle,
};

/** Spec section 9: 'jetzt', minutes, hours, days, weeks. */
export const RelativeTime = ({ iso }: { readonly iso: string }) => (
  <time dateTime={iso} className="shrink-0 text-xs text-navy-700" title={new Date(iso).toLocaleString('de-AT')}>
    {formatRelativeTime(new Date(iso), new Date(), currentLocale())}
  </time>
);

/** One row of the inbox: icon, title, the text's start, when, and an unread mark. */
export const NotificationCard = ({
  item,
  expanded = false,
}: {
  readonly item: NotificationItem;
  readonly expanded?: boolean;
}) => {
  const { t } = useTranslation();
  const Icon = icons[item.type];
  return (
    <div className="flex items-start gap-3">
      <span className="relative mt-0.5 rounded-full bg-navy-100 p-2">
        <Icon aria-hidden="true" className="size-5 text-navy-700" />
        {item.seen ? null : (
          <span className="absolute -right-0.5 -top-0.5 size-3 rounded-full bg-brand ring-2 ring-white">
            <span className="sr-only">{t('inbox.unread')}</span>
          </span>
        )}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-baseline justify-between gap-3">
          <h3 className={`text-base text-navy-900 ${item.seen ? 'font-medium' : 'font-bold'}`}>{item.title}</h3>
          <RelativeTime iso={item.sentDate} />
        </div>
        <p className={`text-sm leading-relaxed text-navy-700 ${expanded ? 'whitespace-pre-line' : 'line-clamp-2'}`}>
          {item.body}
        </p>
      </div>
    </div>
  );
};

/** Under an opened notification: the way to the screen it is about (the payment account, the investment …). */
export const NotificationLink = ({ item }: { readonly item: NotificationItem }) => {
  const { t } = useTranslation();
  const href = useScreenHref();
  const ref = screenRefOfLink(item.link);
  const download = item.data.downloadUrl?.startsWith('/api/') ? item.data.downloadUrl : null;
  if (!ref && !download) return null;
  return (
    <div className="ml-12 flex flex-wrap gap-x-6">
      {download && (
        <a
          href={download}
          download
          className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-text"
          data-testid="inbox-item-download"
        >
          <Download aria-hidden="true" className="size-4" />
          {t('inbox.download')}
        </a>
      )}
      {ref && <ScreenLink to={href(ref)} label={t(openLabelOf(ref.key))} />}
    </div>
  );
};

const ScreenLink = ({ to, label }: { readonly to: string; readonly label: string }) => (
  <Link
    to={to}
    className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand-text"
    data-testid="inbox-item-link"
  >
    {label}
    <ArrowRight aria-hidden="true" className="size-4" />
  </Link>
);
