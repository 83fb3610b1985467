import type { AuditEntry } from '@bw/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { type Column, DataTable } from '../../components/data-table';
import { BoForm, FormSelectField, FormSubmit, FormTextField } from '../../components/form-fields';
import { Badge, buttonClass, Card, ErrorNotice, Facts, PageHeader } from '../../components/ui';
import { dateTime } from '../../lib/format';
import { type AuditFilters, auditExportUrl, useAuditLog, useStaffList } from './api';
import { auditActionLabel, auditTargetLabel } from './audit-actions';

/** Long ids (uuids) shortened in the table; the detail pane shows them whole. */
const shortId = (id: string): string => (id.length > 14 ? `${id.slice(0, 8)}…` : id);

const columns: Column<AuditEntry>[] = [
  {
    key: 'at',
    header: 'Zeit',
    cell: (row) => <span className="whitespace-nowrap tabular-nums">{dateTime(row.at)}</span>,
    width: '10rem',
  },
  {
    key: 'who',
    header: 'Wer',
    cell: (row) => (
      <span className="block max-w-[15rem] truncate" title={row.staffEmail ?? ''}>
        {row.staffEmail ?? '–'}
      </span>
    ),
  },
  {
    key: 'action',
    header: 'Aktion',
    cell: (row) => (
      <span className="block min-w-[11rem]" title={row.action}>
        {auditActionLabel(row.action)}
      </span>
    ),
  },
  {
    key: 'target',
    header: 'Ziel',
    cell: (row) => (
      <span className="whitespace-nowrap" title={row.targetId}>
        {auditTargetLabel(row.targetType)} · <span className="font-mono text-xs">{shortId(row.targetId)}</span>
      </span>
    ),
  },
  {
    key: 'ip',
    header: 'Von',
    cell: (row) => row.ipAddress ?? (row.actorKind === 'system' ? <Badge>System</Badge> : '–'),
  },
];

const Json = ({ value }: { readonly value: unknown }) =>
  value === null || value === undefined ? (
    <span className="text-muted">–</span>
  ) : (
    <pre className="max-h-64 overflow-auto rounded bg-canvas p-2 font-mono text-xs">
      {JSON.stringify(value, null, 2)}
    </pre>
  );

const FILTER_NAMES = ['staffId', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
/** The filters as typed; an empty one filters nothing. */
const filterForm = z
  .object(
    Object.fromEntries(FILTER_NAMES.map((name) => [name, z.string()])) as Record<
      (typeof FILTER_NAMES)[number],
      z.ZodString
    >,
  )
  .transform(
    (values): AuditFilters =>
      Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')) as AuditFilters,
  );
const NO_FILTERS = { staffId: '', action: '', targetType: '', targetId: '', from: '', to: '' };

/** The append-only audit log: filter, page, inspect a change, export what the filter shows as CSV. */
const AuditPage = () => {
  const form = useZodForm(filterForm, { defaultValues: NO_FILTERS });
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<AuditEntry | null>(null);
  const log = useAuditLog(filters, page);
  const staff = useStaffList();
  const search = (next: AuditFilters) => {
    setPage(0);
    setFilters(next);
  };
  return (
    <>
      <PageHeader
        title="Protokoll"
        subtitle="Jede Aktion im Back Office, unveränderbar: wer, was, vorher und nachher, wann und von wo."
        actions={
          <a className={buttonClass('secondary')} href={auditExportUrl(filters)} download>
            <Download className="size-4" aria-hidden />
            CSV exportieren
          </a>
        }
      />
      <Card className="mb-4">
        <BoForm form={form} onSubmit={search} className="grid grid-cols-[repeat(6,minmax(0,1fr))_auto] items-end gap-3">
          <FormSelectField
            name="staffId"
            label="Person"
            options={[
              { value: '', label: 'Alle' },
              ...(staff.data ?? []).map((s) => ({ value: s.id, label: s.displayName })),
            ]}
          />
          <FormTextField name="action" label="Aktion (Anfang)" placeholder="z. B. asset." />
          <FormTextField name="targetType" label="Zieltyp" placeholder="z. B. asset" />
          <FormTextField name="targetId" label="Ziel-ID" />
          <FormTextField name="from" label="Von" type="date" />
          <FormTextField name="to" label="Bis" type="date" />
          <FormSubmit>Suchen</FormSubmit>
        </BoForm>
      </Card>
      <ErrorNotice error={log.error} />
      <div className="grid grid-cols-[minmax(0,1fr)_22rem] items-start gap-4">
        <Card className="overflow-hidden [&>div]:p-0">
          <DataTable
            label="Protokolleinträge"
            columns={columns}
            rows={log.data?.items}
            rowKey={(row) => row.id}
            loading={log.isPending}
            selectedKey={selected?.id}
            onSelect={setSelected}
            empty={{ title: 'Keine Einträge', text: 'Für diese Filter gibt es keine Aktionen.' }}
            paging={
              log.data ? { page, pageSize: log.data.pageSize, total: log.data.total, onPage: setPage } : undefined
            }
          />
        </Card>
        <Card title="Eintrag" className="sticky top-20">
          {selected ? (
            <div className="space-y-3" data-testid="audit-detail">
              <Facts
                items={[
                  ['Zeit', dateTime(selected.at)],
                  ['Wer', selected.staffEmail ?? '–'],
                  ['Rolle', selected.staffRole ?? '–'],
                  ['Aktion', `${auditActionLabel(selected.action)} (${selected.action})`],
                  ['Ziel', `${auditTargetLabel(selected.targetType)} ${selected.targetId}`],
                  ['IP', selected.ipAddress ?? '–'],
                  ['Anfrage', selected.requestId ?? '–'],
                ]}
              />
              <div>
                <p className="mb-1 text-xs font-medium text-muted">Vorher</p>
                <Json value={selected.before} />
              </div>
              <div>
                <p className="mb-1 text-xs font-medium text-muted">Nachher</p>
                <Json value={selected.after} />
              </div>
            </div>
          ) : (
            <p className="text-muted">Wähle einen Eintrag, um vorher und nachher zu sehen.</p>
          )}
        </Card>
      </div>
    </>
  );
};

export default AuditPage;
