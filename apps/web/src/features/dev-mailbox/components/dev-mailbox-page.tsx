import { Inbox, RefreshCw } from 'lucide-react';
import { Fragment, type ReactNode, useState } from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useDevMailbox } from '../api/get-dev-mailbox';

const LINK_PATTERN = /(https?:\/\/[^\s]+)/g;
const CODE_PATTERN = /Code: (\d{6})/;

/** Links of the sandbox e-mails point at this server; they open in the same tab like a mail client would. */
const withLinks = (text: string): ReactNode[] =>
  text.split(LINK_PATTERN).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
      <a key={index} href={part} className="break-all font-semibold text-brand-text underline" data-testid="mail-link">
        {part}
      </a>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
      <Fragment key={index}>{part}</Fragment>
    ),
  );

/**
 * The development mailbox (issue 4): what the sandbox e-mail and SMS providers "sent", newest first.
 * The API exists only outside production; there this page says so instead of listing anything.
 */
export const DevMailboxPage = () => {
  const { t } = useTranslation();
  const [recipient, setRecipient] = useState(() => new URLSearchParams(window.location.search).get('recipient') ?? '');
  const query = useDevMailbox(recipient.trim());
  const unavailable = query.error instanceof ApiError && query.error.status === 404;
  return (
    <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-8">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-navy-900">{t('devMailbox.title')}</h1>
        <p className="mt-1 text-navy-700">{t('devMailbox.text')}</p>
      </header>
      <div className="flex items-end gap-3">
        <label className="flex flex-1 flex-col gap-1.5 text-sm font-semibold text-navy-900">
          {t('devMailbox.filter')}
          <input
            type="search"
            name="recipient"
            value={recipient}
            onChange={(event) => setRecipient(event.target.value)}
            className="min-h-12 rounded-xl border border-navy-300 bg-white px-4 text-base font-normal"
          />
        </label>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden="true" className="size-5" />
          {t('devMailbox.refresh')}
        </Button>
      </div>
      {unavailable ? (
        <EmptyState icon={Inbox} title={t('devMailbox.unavailable')} />
      ) : query.isPending ? (
        <p role="status" className="text-navy-700">
          {t('devMailbox.loading')}
        </p>
      ) : query.data && query.data.length > 0 ? (
        <ul className="flex flex-col gap-4">
          {query.data.map((message) => {
            const code = CODE_PATTERN.exec(message.bodyText)?.[1];
            return (
              <li
                key={message.id}
                data-testid="mail"
                className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-100"
              >
                <p className="text-sm text-navy-700">
                  {t('devMailbox.to', { recipient: message.recipient })} ·{' '}
                  {new Date(message.createdAt).toLocaleString('de-AT')}
                </p>
                <h2 className="mt-1 font-semibold text-navy-900">{message.subject ?? message.channel}</h2>
                {code ? (
                  <p className="mt-2 text-sm text-navy-700">
                    {t('devMailbox.code')}:{' '}
                    <span className="font-mono text-xl font-bold tracking-widest text-navy-900" data-testid="mail-code">
                      {code}
                    </span>
                  </p>
                ) : null}
                <p className="mt-3 whitespace-pre-line text-sm leading-relaxed text-navy-700">
                  {withLinks(message.bodyText)}
                </p>
              </li>
            );
          })}
        </ul>
      ) : (
        <EmptyState icon={Inbox} title={t('devMailbox.empty')} />
      )}
    </main>
  );
};
