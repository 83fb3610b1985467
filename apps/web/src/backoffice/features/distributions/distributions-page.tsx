import { type AssetIncomeView, type DistributionRunView, staffCan } from '@bw/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileText, Upload } from 'lucide-react';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { Badge, Button, Card, ErrorNotice, PageHeader, SelectField } from '../../components/ui';
import { dateTime, day, eur, period } from '../../lib/format';
import { useSession } from '../../lib/use-session';
import { useAdminAssets } from '../assets/api';
import { distributionsKey, incomeDocumentUrl, uploadIncomeDocument, useAssetDistributions } from './api';
import { IncomeForm, ProposeForm } from './distribution-forms';
import { ProposalsTable } from './proposals-table';

const KIND_LABELS: Record<AssetIncomeView['kind'], string> = {
  rent: 'Miete',
  electricity: 'Stromerlös',
  other: 'Sonstiges',
};

const EvidenceCell = ({
  income,
  canUpload,
  onUploaded,
}: {
  readonly income: AssetIncomeView;
  readonly canUpload: boolean;
  readonly onUploaded: () => void;
}) => {
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadIncomeDocument(income.assetId, income.id, file),
    onSuccess: onUploaded,
  });
  return (
    <div className="flex flex-col items-start gap-1">
      {income.documents.map((doc) => (
        <a
          key={doc.id}
          className="inline-flex items-center gap-1 text-accent hover:underline"
          href={incomeDocumentUrl(income.assetId, income.id, doc.id)}
          target="_blank"
          rel="noreferrer"
        >
          <FileText className="size-3.5" aria-hidden />
          {doc.fileName}
        </a>
      ))}
      {canUpload ? (
        <>
          <input
            ref={input}
            type="file"
            accept="application/pdf,image/jpeg,image/png"
            className="hidden"
            aria-label={`Beleg für ${day(income.periodStart)} hochladen`}
            data-testid="income-document-upload"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.mutate(file);
              event.target.value = '';
            }}
          />
          <Button variant="ghost" busy={upload.isPending} onClick={() => input.current?.click()}>
            <Upload className="size-3.5" aria-hidden />
            Beleg
          </Button>
        </>
      ) : null}
      <ErrorNotice error={upload.error} />
    </div>
  );
};

/** Paid, open, or recorded for a period already paid and so carried into the next run (issue 35). */
const IncomeStatus = ({ income }: { readonly income: AssetIncomeView }) => {
  if (income.carriedOver)
    return (
      <div className="flex flex-col items-start gap-1" data-testid="income-carried">
        <Badge tone={income.status === 'distributed' ? 'ok' : 'warn'}>
          {income.carriedInto ? `übertragen in ${income.carriedInto}` : 'übertragen in den nächsten Lauf'}
        </Badge>
        <span className="text-xs text-muted">Zeitraum war bereits ausgeschüttet</span>
      </div>
    );
  if (income.status === 'distributed') return <Badge tone="ok">ausgeschüttet</Badge>;
  // Recorded, but the provider has not yet confirmed the transfer (issue 34): not distributable yet.
  if (income.status === 'expected') return <Badge tone="warn">Zahlungseingang ausstehend</Badge>;
  return <Badge tone="warn">offen</Badge>;
};

/** Income per asset with its evidence, run proposals with four eyes, and the runs (issues 22, 35). */
const DistributionsPage = () => {
  const session = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const assets = useAdminAssets({});
  const assetId = params.get('objekt') ?? '';
  const view = useAssetDistributions(assetId);
  const role = session.staff.role;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: distributionsKey(assetId) });
  const mayRecord = staffCan(role, 'POST /admin/api/v1/assets/:id/incomes');
  const mayPropose = staffCan(role, 'POST /admin/api/v1/assets/:id/distributions');
  const frequency = view.data?.distributionFrequency;
  return (
    <>
      <PageHeader
        title="Ausschüttungen"
        subtitle="Einnahmen je Objekt erfassen, Ausschüttungen vorschlagen und mit zweiter Person freigeben – je Zeitraum genau einmal."
      />
      <div className="mb-4 max-w-md">
        <SelectField
          label="Objekt"
          value={assetId}
          options={[
            { value: '', label: 'Bitte wählen …' },
            ...(assets.data ?? []).map((asset) => ({ value: asset.id, label: `${asset.title} (${asset.id})` })),
          ]}
          onChange={(event) => setParams(event.target.value ? { objekt: event.target.value } : {})}
        />
      </div>
      <ErrorNotice error={assets.error ?? view.error} />
      {assetId ? (
        <div className="space-y-4">
          <div className="grid grid-cols-2 items-start gap-4">
            {mayRecord ? <IncomeForm assetId={assetId} onDone={refresh} /> : null}
            {mayPropose && frequency ? (
              <ProposeForm key={`${assetId}-${frequency}`} assetId={assetId} frequency={frequency} onDone={refresh} />
            ) : null}
          </div>
          <Card title="Einnahmen">
            <DataTable<AssetIncomeView>
              label="Einnahmen"
              loading={view.isPending}
              rows={view.data?.incomes}
              rowKey={(row) => row.id}
              empty={{ title: 'Noch keine Einnahmen', text: 'Erfasse oben die erste Einnahme.' }}
              columns={[
                { key: 'period', header: 'Zeitraum', cell: (r) => `${day(r.periodStart)} – ${day(r.periodEnd)}` },
                { key: 'kind', header: 'Art', cell: (r) => KIND_LABELS[r.kind] },
                { key: 'amount', header: 'Betrag', align: 'right', cell: (r) => eur(r.amount) },
                { key: 'received', header: 'Eingang', cell: (r) => day(r.receivedOn) },
                {
                  key: 'status',
                  header: 'Status',
                  cell: (r) => <IncomeStatus income={r} />,
                },
                {
                  key: 'docs',
                  header: 'Belege',
                  cell: (r) => <EvidenceCell income={r} canUpload={mayRecord} onUploaded={refresh} />,
                },
              ]}
            />
          </Card>
          <Card title="Vorschläge zur Freigabe">
            <ProposalsTable
              assetId={assetId}
              proposals={view.data?.proposals}
              loading={view.isPending}
              onDone={refresh}
            />
          </Card>
          <Card title="Ausschüttungsläufe">
            <DataTable<DistributionRunView>
              label="Ausschüttungsläufe"
              loading={view.isPending}
              rows={view.data?.runs}
              rowKey={(row) => row.id}
              empty={{ title: 'Noch keine Ausschüttung' }}
              columns={[
                { key: 'period', header: 'Zeitraum', cell: (r) => period(r.periodKey) },
                { key: 'record', header: 'Stichtag', cell: (r) => day(r.recordDate) },
                { key: 'income', header: 'Einnahmen', align: 'right', cell: (r) => eur(r.income) },
                { key: 'carried', header: 'davon übertragen', align: 'right', cell: (r) => eur(r.carriedIncome) },
                { key: 'tax', header: 'Steuern', align: 'right', cell: (r) => eur(r.tax) },
                { key: 'net', header: 'Netto', align: 'right', cell: (r) => eur(r.investorsNet) },
                { key: 'issuer', header: 'Emittentin', align: 'right', cell: (r) => eur(r.issuer) },
                { key: 'holders', header: 'Anleger', align: 'right', cell: (r) => r.holders },
                { key: 'at', header: 'Am', cell: (r) => dateTime(r.createdAt) },
              ]}
            />
          </Card>
        </div>
      ) : null}
    </>
  );
};

export default DistributionsPage;
