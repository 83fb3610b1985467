import type { PartnerAdminView } from '@bw/contracts';
import { useNavigate } from 'react-router';
import { type Column, DataTable } from '../../components/data-table';
import { Badge, Card, ErrorNotice, PageHeader } from '../../components/ui';
import { dateTime } from '../../lib/format';
import { boPaths } from '../../lib/paths';
import { usePartners } from './api';

const Swatches = ({ partner }: { partner: PartnerAdminView }) => (
  <span className="flex gap-1" aria-hidden>
    {[partner.colors.brand, partner.colors.primary, partner.colors.highlight, partner.colors.navy900].map((color) => (
      <span key={color} className="size-4 rounded-sm ring-1 ring-line" style={{ background: color }} />
    ))}
  </span>
);

const columns: Column<PartnerAdminView>[] = [
  {
    key: 'name',
    header: 'Partner',
    cell: (row) => (
      <span className="flex items-center gap-2 font-medium">
        {row.name}
        {row.isDefault ? <Badge tone="info">Standard</Badge> : null}
      </span>
    ),
  },
  { key: 'colors', header: 'Farben', cell: (row) => <Swatches partner={row} /> },
  { key: 'url', header: 'Web-Adresse', cell: (row) => <span className="font-mono text-xs">{row.webAppURL}</span> },
  { key: 'investors', header: 'Investoren', align: 'right', cell: (row) => row.investors.toLocaleString('de-AT') },
  { key: 'updated', header: 'Geändert', cell: (row) => dateTime(row.updatedAt) },
];

/** The white-label partners: look, flags and contacts of each. */
const PartnersPage = () => {
  const navigate = useNavigate();
  const partners = usePartners();
  return (
    <>
      <PageHeader
        title="Partner"
        subtitle="Jeder Partner hat eigene Farben, Icon, Funktionen, Intro-Folien und Impressum."
      />
      <ErrorNotice error={partners.error} />
      <Card className="overflow-hidden [&>div]:p-0">
        <DataTable
          label="Partner"
          columns={columns}
          rows={partners.data}
          rowKey={(row) => row.appId}
          loading={partners.isPending}
          onSelect={(row) => navigate(boPaths.partner(row.appId))}
          empty={{ title: 'Noch keine Partner' }}
        />
      </Card>
    </>
  );
};

export default PartnersPage;
