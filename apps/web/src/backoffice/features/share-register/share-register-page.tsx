import type { RegisterHolderView } from '@bw/contracts';
import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { Badge, buttonClass, Card, ErrorNotice, Facts, PageHeader, SelectField } from '../../components/ui';
import { dateTime } from '../../lib/format';
import { useAdminAssets } from '../assets/api';
import { registerExportUrl, registerLogUrl, useAssetRegister } from './api';

/**
 * The share register per asset (issue 39): every holder as the register counts them beside the
 * ledger's share books, whether both agree, the latest published root, and the issuer's export.
 */
const ShareRegisterPage = () => {
  const [params, setParams] = useSearchParams();
  const assets = useAdminAssets({});
  const assetId = params.get('objekt') ?? '';
  const view = useAssetRegister(assetId);
  const data = view.data;
  return (
    <>
      <PageHeader
        title="Anteilsregister"
        subtitle="Jede Bewegung von Anteilen steht im Register des Objekts; die Summen je Anleger·in müssen den Anteilsbüchern des Hauptbuchs gleichen."
        actions={
          assetId ? (
            <>
              <a className={buttonClass('secondary')} href={registerExportUrl(assetId)} download>
                <Download className="size-3.5" aria-hidden />
                Register als CSV
              </a>
              <a className={buttonClass('secondary')} href={registerLogUrl(assetId)} download>
                <Download className="size-3.5" aria-hidden />
                Registerprotokoll (JSON, prüfbar)
              </a>
            </>
          ) : null
        }
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
      {assetId && data ? (
        <div className="space-y-4">
          <Card title="Stand">
            <Facts
              items={[
                [
                  'Einträge',
                  <span key="entries" data-testid="register-entries">
                    {data.entries}
                  </span>,
                ],
                [
                  'Abgleich',
                  data.agrees ? (
                    <Badge key="agrees" tone="ok">
                      Register = Hauptbuch
                    </Badge>
                  ) : (
                    <Badge key="agrees" tone="bad">
                      Register weicht vom Hauptbuch ab
                    </Badge>
                  ),
                ],
                [
                  'Letzte Wurzel',
                  data.latestRoot ? (
                    <span key="root">
                      {data.latestRoot.treeSize} Einträge, {dateTime(data.latestRoot.timestamp)}
                      <br />
                      <code className="text-xs">{data.latestRoot.rootHash}</code>
                    </span>
                  ) : (
                    'noch keine veröffentlicht'
                  ),
                ],
              ]}
            />
          </Card>
          <Card title="Anleger·innen">
            <DataTable<RegisterHolderView>
              label="Anleger·innen"
              loading={view.isPending}
              rows={data.holders}
              rowKey={(row) => row.userId}
              empty={{ title: 'Noch keine Anteile vergeben' }}
              columns={[
                { key: 'name', header: 'Name', cell: (r) => r.name || '–' },
                { key: 'email', header: 'E-Mail', cell: (r) => r.email },
                {
                  key: 'pseudonym',
                  header: 'Pseudonym',
                  cell: (r) => <code className="text-xs">{r.pseudonym ? `${r.pseudonym.slice(0, 16)}…` : '–'}</code>,
                },
                { key: 'register', header: 'Register', align: 'right', cell: (r) => r.registerShares },
                { key: 'ledger', header: 'Hauptbuch', align: 'right', cell: (r) => r.ledgerShares },
                {
                  key: 'agrees',
                  header: 'Abgleich',
                  cell: (r) =>
                    r.registerShares === r.ledgerShares ? (
                      <Badge tone="ok">gleich</Badge>
                    ) : (
                      <Badge tone="bad">abweichend</Badge>
                    ),
                },
              ]}
            />
          </Card>
        </div>
      ) : null}
    </>
  );
};

export default ShareRegisterPage;
