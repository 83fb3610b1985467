import type { FileRef, ForumMessage } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Flag, Pencil } from 'lucide-react';
import { Fragment, useState } from 'react';
import { AttachmentList } from '../../../components/attachment-list';
import { AttachmentPicker } from '../../../components/attachment-picker';
import { Button } from '../../../components/button';
import { Form, FormError, SubmitButton, TextAreaField, useZodForm } from '../../../components/form';
import { useTranslation } from '../../../lib/i18n';
import { mergePagesById } from '../../../lib/merge-pages';
import { editMessage } from '../api/edit-message';
import { fileComplaint } from '../api/file-complaint';
import { useForumMessages } from '../api/get-forum-messages';
import { postMessage } from '../api/post-message';
import { forumMessagesQueryKey } from '../api/query-keys';
import { complaintForm, messageForm } from '../lib/forum-forms';
import { dateTime } from './forum-format';

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

/** Splits a message into text and web addresses, each part keyed by its offset in the message. */
const linkParts = (text: string) => {
  const parts: { offset: number; text: string; link: boolean }[] = [];
  let offset = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const at = match.index ?? 0;
    if (at > offset) parts.push({ offset, text: text.slice(offset, at), link: false });
    parts.push({ offset: at, text: match[0], link: true });
    offset = at + match[0].length;
  }
  if (offset < text.length) parts.push({ offset, text: text.slice(offset), link: false });
  return parts;
};

/** Message text with its web addresses as links (opened in a new tab, without the opener). */
const LinkedText = ({ text }: { readonly text: string }) => (
  <>
    {linkParts(text).map((part) =>
      part.link ? (
        <a
          key={part.offset}
          href={part.text}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="break-all text-brand-text underline underline-offset-2"
        >
          {part.text}
        </a>
      ) : (
        <Fragment key={part.offset}>{part.text}</Fragment>
      ),
    )}
  </>
);

/** A one-field text form under a message (a complaint, an edit); `send` throws when the server refuses. */
const MessageTextForm = ({
  name,
  label,
  submit,
  initial,
  rows,
  send,
}: {
  readonly name: 'reason' | 'text';
  readonly label: string;
  readonly submit: string;
  readonly initial: string;
  readonly rows: number;
  readonly send: (value: string) => Promise<void>;
}) => {
  const { t } = useTranslation();
  const form = useZodForm(name === 'reason' ? complaintForm : messageForm, { defaultValues: { [name]: initial } });
  return (
    <Form
      form={form}
      onSubmit={async (values: Record<string, string>) => send(values[name] ?? '')}
      serverErrors={{ fallback: t('forum.genericError') }}
      className="flex flex-col gap-2"
    >
      <FormError />
      <TextAreaField name={name} label={label} rows={rows} />
      <SubmitButton variant="secondary">{submit}</SubmitButton>
    </Form>
  );
};

const MessageItem = ({ message }: { readonly message: ForumMessage }) => {
  const { t, i18n } = useTranslation();
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const [editing, setEditing] = useState(false);
  const queryClient = useQueryClient();
  return (
    <li className="flex flex-col gap-2 rounded-2xl bg-white p-4 ring-1 ring-navy-100" data-testid="forum-message">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="font-semibold text-navy-900">{message.authorName}</span>
        <span className="text-navy-700">
          {dateTime(message.createdAt)}
          {message.editedAt ? ` · ${t('forum.messageEdited')}` : ''}
        </span>
      </div>
      {editing ? (
        <MessageTextForm
          name="text"
          label={t('forum.messageLabel')}
          submit={t('forum.editSubmit')}
          initial={message.text}
          rows={3}
          send={async (text) => {
            await editMessage(message.id, text);
            await queryClient.invalidateQueries({ queryKey: forumMessagesQueryKey(message.assetId) });
            setEditing(false);
          }}
        />
      ) : null}
      {message.editable && !editing ? (
        <button
          type="button"
          onClick={() => setEditing(true)}
          className="inline-flex min-h-10 items-center gap-1 self-start text-sm font-semibold text-navy-700 hover:text-navy-900"
        >
          <Pencil aria-hidden="true" className="size-4" />
          {t('forum.edit')}
        </button>
      ) : null}
      {editing ? null : message.hidden ? (
        <p className="text-sm italic text-navy-700">{t('forum.messageHidden')}</p>
      ) : (
        <>
          <p className="whitespace-pre-line break-words text-base text-navy-900">
            <LinkedText text={message.text} />
          </p>
          <AttachmentList files={message.attachments} locale={i18n.language} label={t('attachments.listLabel')} />
        </>
      )}
      {reported ? <p className="text-sm text-navy-700">{t('forum.reported')}</p> : null}
      {!message.own && !message.hidden && !reported ? (
        reporting ? (
          <MessageTextForm
            name="reason"
            label={t('forum.reportReason')}
            submit={t('forum.reportSubmit')}
            initial=""
            rows={2}
            send={async (reason) => {
              await fileComplaint({ messageId: message.id, reason });
              setReporting(false);
              setReported(true);
            }}
          />
        ) : (
          <button
            type="button"
            onClick={() => setReporting(true)}
            className="inline-flex min-h-10 items-center gap-1 self-start text-sm font-semibold text-navy-700 hover:text-navy-900"
          >
            <Flag aria-hidden="true" className="size-4" />
            {t('forum.report')}
          </button>
        )
      ) : null}
    </li>
  );
};

/** The asset's forum messages: holders write, every verified investor reads and may report a message. */
export const ForumMessages = ({ assetId }: { readonly assetId: string }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const messages = useForumMessages(assetId);
  const form = useZodForm(messageForm, { defaultValues: { text: '' } });
  const [files, setFiles] = useState<FileRef[]>([]);
  const [uploading, setUploading] = useState(false);
  if (messages.isPending) return <div aria-hidden="true" className="h-32 animate-pulse rounded-2xl bg-navy-100" />;
  if (messages.isError)
    return (
      <p role="alert" className="rounded-xl bg-danger/10 p-3 text-sm font-medium text-danger">
        {t('forum.genericError')}
      </p>
    );
  // Older pages follow the newest by keyset; a message seen on an earlier page is not repeated.
  const list = mergePagesById(messages.data.pages.map((page) => page.messages));
  const holder = messages.data.pages[0]?.holder ?? false;
  return (
    <div className="flex flex-col gap-4">
      {holder ? (
        <Form
          form={form}
          onSubmit={async (values) => {
            await postMessage({ assetId, text: values.text, attachments: files.map((file) => file.id) });
            form.reset();
            setFiles([]);
            await queryClient.invalidateQueries({ queryKey: forumMessagesQueryKey(assetId) });
          }}
          serverErrors={{ fallback: t('forum.genericError') }}
          className="flex flex-col gap-2 rounded-2xl bg-white p-4 ring-1 ring-navy-100"
        >
          <FormError />
          <TextAreaField name="text" label={t('forum.messageLabel')} rows={3} />
          <AttachmentPicker files={files} onChange={setFiles} onBusyChange={setUploading} />
          <SubmitButton className="self-end" disabled={uploading}>
            {t('forum.messageSubmit')}
          </SubmitButton>
        </Form>
      ) : null}
      {list.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-sm text-navy-700 ring-1 ring-navy-100">
          {t('forum.messagesEmpty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ul>
      )}
      {messages.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          onClick={() => void messages.fetchNextPage()}
          disabled={messages.isFetchingNextPage}
          data-testid="forum-older-messages"
        >
          {t('forum.olderMessages')}
        </Button>
      ) : null}
    </div>
  );
};
