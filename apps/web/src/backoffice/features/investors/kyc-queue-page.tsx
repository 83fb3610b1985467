import { type ReviewQueueItem, staffCan } from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/data-table';
import { Button, Card, ErrorNotice, Facts, Notice, PageHeader, TextArea } from '../../components/ui';
import { dateTime } from '../../lib/format';
import { boPaths } from '../../lib/paths';
import { useSession } from '../../lib/use-session';
import { decide, documentUrl, reviewKey, useReviewQueue } from './api';

const KIND_LABELS: Record<string, string> = {
  document: 'Ausweis',
  selfie: 'Selfie',
  signatureSelfie: 'Signatur-Selfie',
};

const columns: Column<ReviewQueueItem>[] = [
  { key: 'when', header: 'Eingereicht', cell: (row) => dateTime(row.submittedAt) },
  { key: 'name', header: 'Name', cell: (row) => <span className="font-medium">{row.name}</span> },
  { key: 'email', header: 'E-Mail', cell: (row) => <span className="break-all">{row.email}</span> },
  { key: 'doc', header: 'Dokument', cell: (row) => row.documentType ?? '–' },
  { key: 'provider', header: 'Anbieter', cell: (row) => row.provider },
];

/** Identifications the provider flagged: look at the files, decide, give the reason the investor reads. */
const KycQueuePage = () => {
  const session = useSession();
  const queryClient = useQueryClient();
  const queue = useReviewQueue();
  const [selected, setSelected] = useState<ReviewQueueItem | null>(null);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const mayDecide = staffCan(session.staff.role, 'POST /admin/api/v1/identifications/:id/decision');
  const decision = useMutation({
    mutationFn: (choice: 'approve' | 'decline') => decide(selected?.verificationId ?? '', choice, reason.trim()),
    onSuccess: (_result, choice) => {
      setDone(`${selected?.name}: ${choice === 'approve' ? 'freigegeben' : 'abgelehnt'}.`);
      setSelected(null);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: reviewKey });
    },
  });
  return (
    <>
      <PageHeader
        title="Identifizierungen"
        subtitle="Vom Anbieter markierte Fälle zur manuellen Prüfung. Die Begründung sieht die Person in der App und per E-Mail."
      />
      {done ? (
        <div className="mb-3">
          <Notice>{done}</Notice>
        </div>
      ) : null}
      <ErrorNotice error={queue.error} />
      <div className="grid grid-cols-[minmax(0,1fr)_26rem] items-start gap-4">
        <Card className="overflow-hidden [&>div]:p-0">
          <DataTable
            label="Prüfwarteschlange"
            columns={columns}
            rows={queue.data}
            rowKey={(row) => row.verificationId}
            loading={queue.isPending}
            selectedKey={selected?.verificationId}
            onSelect={(row) => {
              setSelected(row);
              setDone(null);
            }}
            empty={{ title: 'Nichts zu prüfen', text: 'Alle markierten Identifizierungen sind entschieden.' }}
          />
        </Card>
        <Card title="Prüfung" className="sticky top-20">
          {selected ? (
            <div className="space-y-3" data-testid="review-pane">
              <Facts
                items={[
                  ['Name', selected.name],
                  [
                    'E-Mail',
                    <Link
                      key="e"
                      className="break-all text-accent hover:underline"
                      to={boPaths.investor(selected.userId)}
                    >
                      {selected.email}
                    </Link>,
                  ],
                  ['Eingereicht', dateTime(selected.submittedAt)],
                ]}
              />
              <div className="grid grid-cols-2 gap-2">
                {selected.documents.map((doc) => (
                  <a
                    key={doc.id}
                    href={documentUrl(selected.verificationId, doc.id)}
                    target="_blank"
                    rel="noreferrer"
                    className="block overflow-hidden rounded border border-line"
                  >
                    {doc.contentType.startsWith('image/') ? (
                      <img
                        src={documentUrl(selected.verificationId, doc.id)}
                        alt={KIND_LABELS[doc.kind] ?? doc.kind}
                        className="aspect-[4/3] w-full bg-canvas object-cover"
                      />
                    ) : (
                      <span className="grid aspect-[4/3] place-items-center bg-canvas text-muted">PDF öffnen</span>
                    )}
                    <span className="block px-2 py-1 text-xs text-muted">{KIND_LABELS[doc.kind] ?? doc.kind}</span>
                  </a>
                ))}
              </div>
              {mayDecide ? (
                <>
                  <TextArea
                    label="Begründung (sieht die Person)"
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                  />
                  <ErrorNotice error={decision.error} />
                  <div className="flex gap-2">
                    <Button
                      variant="primary"
                      busy={decision.isPending && decision.variables === 'approve'}
                      disabled={reason.trim().length < 3}
                      onClick={() => decision.mutate('approve')}
                    >
                      Freigeben
                    </Button>
                    <Button
                      variant="danger"
                      busy={decision.isPending && decision.variables === 'decline'}
                      disabled={reason.trim().length < 3}
                      onClick={() => decision.mutate('decline')}
                    >
                      Ablehnen
                    </Button>
                  </div>
                </>
              ) : (
                <p className="text-muted">Entscheiden darf nur Compliance.</p>
              )}
            </div>
          ) : (
            <p className="text-muted">Wähle einen Fall aus der Liste.</p>
          )}
        </Card>
      </div>
    </>
  );
};

export default KycQueuePage;
