import { type ModerationQueue, moderationBody, staffCan } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { type Column, DataTable } from '../../components/data-table';
import { BoForm, FormInlineInput, FormSubmit } from '../../components/form-fields';
import { Badge, Card, ErrorNotice, PageHeader } from '../../components/ui';
import { required } from '../../lib/form-rules';
import { dateTime } from '../../lib/format';
import { useSession } from '../../lib/use-session';
import { moderateMessage, moderationKey, useModerationQueue } from './api';

type Row = ModerationQueue['complaints'][number];

const decisionForm = moderationBody.extend({
  reason: required('Bitte gib eine Begründung an.', moderationBody.shape.reason),
});

/** Hide or restore one reported message, with the reason; any refusal shows under the reason. */
const Decision = ({ row }: { readonly row: Row }) => {
  const queryClient = useQueryClient();
  const form = useZodForm(decisionForm, { defaultValues: { reason: '' } });
  const act = async ({ reason }: z.output<typeof decisionForm>) => {
    await moderateMessage(row.messageId, row.messageHidden ? 'restore' : 'hide', reason);
    void queryClient.invalidateQueries({ queryKey: moderationKey });
  };
  return (
    <BoForm
      form={form}
      onSubmit={act}
      serverErrors={{ errorField: 'reason' }}
      className="flex flex-col items-start gap-1.5"
    >
      <FormInlineInput
        name="reason"
        aria-label={`Begründung für die Meldung vom ${dateTime(row.createdAt)}`}
        placeholder="Begründung"
        className="w-40 rounded border border-line px-2 py-1"
      />
      {row.messageHidden ? (
        <FormSubmit>Wiederherstellen</FormSubmit>
      ) : (
        <FormSubmit variant="danger">Ausblenden</FormSubmit>
      )}
    </BoForm>
  );
};

/** Issue 24: complaints about forum messages; staff hide or restore the message with a reason. */
const ModerationPage = () => {
  const session = useSession();
  const queue = useModerationQueue();
  const mayHide = staffCan(session.staff.role, 'POST /admin/api/v1/forum/messages/:id/hide');
  const columns: Column<Row>[] = [
    { key: 'when', header: 'Gemeldet', cell: (row) => dateTime(row.createdAt) },
    { key: 'asset', header: 'Objekt', cell: (row) => <span className="font-mono text-xs">{row.assetId}</span> },
    {
      key: 'message',
      header: 'Nachricht',
      cell: (row) => (
        <span className="flex max-w-sm flex-col gap-0.5">
          <span className="whitespace-pre-line">{row.messageText}</span>
          <span className="break-all text-xs text-muted">von {row.messageAuthor}</span>
          {row.messageHidden ? <Badge tone="warn">Ausgeblendet</Badge> : null}
        </span>
      ),
    },
    {
      key: 'reason',
      header: 'Grund der Meldung',
      cell: (row) => (
        <span className="flex flex-col gap-0.5">
          <span>{row.reason}</span>
          <span className="break-all text-xs text-muted">{row.complainant}</span>
        </span>
      ),
    },
    {
      key: 'decision',
      header: 'Entscheidung',
      cell: (row) => (mayHide ? <Decision row={row} /> : <Badge tone="warn">Offen</Badge>),
    },
  ];
  return (
    <>
      <PageHeader
        title="Forum-Moderation"
        subtitle="Gemeldete Nachrichten aus den Foren der Objekte. Ausblenden und Wiederherstellen brauchen eine Begründung und stehen im Protokoll."
      />
      <Card title="Offene Meldungen" className="[&>div]:p-0">
        <ErrorNotice error={queue.error} />
        <DataTable
          label="Offene Meldungen"
          columns={columns}
          rows={queue.data?.complaints}
          rowKey={(row) => row.id}
          loading={queue.isPending}
          empty={{ title: 'Keine offenen Meldungen', text: 'Meldungen von Investoren erscheinen hier.' }}
        />
      </Card>
    </>
  );
};

export default ModerationPage;
