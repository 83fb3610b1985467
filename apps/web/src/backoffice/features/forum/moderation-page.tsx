import { type ModerationQueue, staffCan } from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../app/use-session';
import { type Column, DataTable } from '../../components/data-table';
import { Badge, Button, Card, ErrorNotice, PageHeader } from '../../components/ui';
import { dateTime } from '../../lib/format';
import { moderateMessage, moderationKey, useModerationQueue } from './api';

type Row = ModerationQueue['complaints'][number];

/** Issue 24: complaints about forum messages; staff hide or restore the message with a reason. */
const ModerationPage = () => {
  const session = useSession();
  const queryClient = useQueryClient();
  const queue = useModerationQueue();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const act = useMutation({
    mutationFn: (input: { row: Row; action: 'hide' | 'restore' }) =>
      moderateMessage(input.row.messageId, input.action, reasons[input.row.id] ?? ''),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: moderationKey }),
  });
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
      cell: (row) =>
        mayHide ? (
          <span className="flex flex-col items-start gap-1.5">
            <input
              aria-label={`Begründung für die Meldung vom ${dateTime(row.createdAt)}`}
              placeholder="Begründung"
              className="w-40 rounded border border-line px-2 py-1"
              value={reasons[row.id] ?? ''}
              onChange={(event) => setReasons({ ...reasons, [row.id]: event.target.value })}
            />
            {row.messageHidden ? (
              <Button variant="primary" onClick={() => act.mutate({ row, action: 'restore' })}>
                Wiederherstellen
              </Button>
            ) : (
              <Button variant="danger" onClick={() => act.mutate({ row, action: 'hide' })}>
                Ausblenden
              </Button>
            )}
          </span>
        ) : (
          <Badge tone="warn">Offen</Badge>
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Forum-Moderation"
        subtitle="Gemeldete Nachrichten aus den Foren der Objekte. Ausblenden und Wiederherstellen brauchen eine Begründung und stehen im Protokoll."
      />
      <Card title="Offene Meldungen" className="[&>div]:p-0">
        <ErrorNotice error={queue.error ?? act.error} />
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
