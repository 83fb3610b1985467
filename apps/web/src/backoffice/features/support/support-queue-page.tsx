import * as ops from '@bw/api-client/operations';
import { type SupportQueueItem, staffCan, supportAnswerBody, supportQueue, supportQueueItem } from '@bw/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { AttachmentList } from '../../../components/attachment-list';
import { useZodForm } from '../../../components/form';
import { urlOf } from '../../../lib/api-client';
import { type Column, DataTable } from '../../components/data-table';
import { BoForm, FormNotice, FormSubmit, FormTextArea } from '../../components/form-fields';
import { Badge, Card, ErrorNotice, Facts, Notice, PageHeader, SelectField } from '../../components/ui';
import { adminApi } from '../../lib/admin-api';
import { dateTime } from '../../lib/format';
import { useSession } from '../../lib/use-session';

type Status = 'open' | 'answered' | 'all';
const WEEKDAYS = ['', 'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag'];
const key = ['backoffice', 'support'] as const;

const callBackWhen = (row: SupportQueueItem) =>
  row.weekday && row.timeWindow ? `${WEEKDAYS[row.weekday]}, ${row.timeWindow.replace('-', '–')} Uhr` : '–';

const KIND_LABEL = { message: 'Nachricht', callback: 'Rückruf', feedback: 'Feedback' } as const;
/** Feedback (ADR 0033): the stars as text, e.g. "★★☆☆☆ (2 von 5)". */
const stars = (rating: number | null) =>
  rating ? `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)} (${rating} von 5)` : '–';

const columns: Column<SupportQueueItem>[] = [
  {
    key: 'kind',
    header: 'Art',
    cell: (row) => <Badge tone={row.kind === 'callback' ? 'warn' : 'neutral'}>{KIND_LABEL[row.kind]}</Badge>,
  },
  { key: 'email', header: 'Investor', cell: (row) => row.email },
  { key: 'subject', header: 'Betreff', cell: (row) => row.subject ?? '–' },
  {
    key: 'when',
    header: 'Rückruf',
    cell: (row) => (row.kind === 'callback' ? `${callBackWhen(row)} · ${row.phone}` : '–'),
  },
  {
    key: 'attachments',
    header: 'Anhänge',
    cell: (row) => (row.attachments.length > 0 ? String(row.attachments.length) : '–'),
  },
  { key: 'status', header: 'Status', cell: (row) => (row.status === 'open' ? 'offen' : 'beantwortet') },
  { key: 'created', header: 'Eingang', cell: (row) => dateTime(row.createdAt) },
];

const Answer = ({ row, onDone }: { readonly row: SupportQueueItem; readonly onDone: () => void }) => {
  const form = useZodForm(supportAnswerBody, { defaultValues: { answer: '' } });
  const answer = async (body: z.output<typeof supportAnswerBody>) => {
    await adminApi.send(ops.postAdminSupportRequestsByIdAnswer, supportQueueItem, { path: { id: row.id }, body });
    form.reset({ answer: '' });
    onDone();
  };
  return (
    <BoForm form={form} onSubmit={answer} className="space-y-3">
      <FormTextArea name="answer" label="Antwort (landet im Postfach des Investors)" />
      <FormNotice />
      <FormSubmit>Antwort senden</FormSubmit>
    </BoForm>
  );
};

/** The support queue (issue 23): write-us messages and call-back requests, answered into the inbox. */
const SupportQueuePage = () => {
  const session = useSession();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('open');
  const [selected, setSelected] = useState<SupportQueueItem | null>(null);
  const queue = useQuery({
    queryKey: [...key, status],
    queryFn: () => adminApi.get(ops.getAdminSupportRequests, supportQueue, { query: { status } }),
  });
  const canAnswer = staffCan(session.staff.role, 'POST /admin/api/v1/support/requests/:id/answer');
  return (
    <>
      <PageHeader title="Support" subtitle="Nachrichten und Rückrufwünsche der Investoren, neueste zuerst." />
      <div className="space-y-4">
        <div className="w-60">
          <SelectField
            label="Anzeigen"
            value={status}
            options={[
              { value: 'open', label: 'Offen' },
              { value: 'answered', label: 'Beantwortet' },
              { value: 'all', label: 'Alle' },
            ]}
            onChange={(event) => setStatus(event.target.value as Status)}
          />
        </div>
        <Card className="overflow-hidden [&>div]:p-0">
          <ErrorNotice error={queue.error} />
          <DataTable
            label="Support-Anfragen"
            columns={columns}
            rows={queue.data?.items}
            rowKey={(row) => row.id}
            loading={queue.isPending}
            onSelect={setSelected}
            selectedKey={selected?.id ?? null}
            empty={{ title: 'Keine Anfragen', text: 'Gerade wartet niemand auf eine Antwort.' }}
          />
        </Card>
        {selected ? (
          <Card title={selected.kind === 'callback' ? 'Rückrufwunsch' : (selected.subject ?? 'Nachricht')}>
            <Facts
              items={[
                ['Investor', selected.email],
                ['Eingang', dateTime(selected.createdAt)],
                ...(selected.kind === 'callback'
                  ? ([
                      ['Rückruf', callBackWhen(selected)],
                      ['Telefon', selected.phone ?? '–'],
                    ] as const)
                  : []),
                ...(selected.kind === 'feedback' ? ([['Bewertung', stars(selected.rating)]] as const) : []),
                ['Nachricht', selected.message || '–'],
                ...(selected.answer ? ([['Antwort', selected.answer]] as const) : []),
              ]}
            />
            {selected.attachments.length > 0 ? (
              <div className="mt-4" data-testid="support-attachments">
                <h3 className="mb-1 text-sm font-semibold">Anhänge</h3>
                <AttachmentList
                  files={selected.attachments}
                  locale="de-AT"
                  href={(file) => urlOf(ops.getAdminFilesByFileId, { path: { fileId: file.id } })}
                  label="Anhänge"
                />
              </div>
            ) : null}
            {canAnswer && selected.status === 'open' ? (
              <div className="mt-4">
                <Answer
                  row={selected}
                  onDone={() => {
                    setSelected(null);
                    void queryClient.invalidateQueries({ queryKey: key });
                  }}
                />
              </div>
            ) : null}
            {selected.status === 'answered' ? <Notice>Beantwortet.</Notice> : null}
          </Card>
        ) : null}
      </div>
    </>
  );
};

export default SupportQueuePage;
