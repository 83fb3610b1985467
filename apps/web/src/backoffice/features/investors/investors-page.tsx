import type { InvestorRow } from '@bw/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type Column, DataTable } from '../../components/data-table';
import { Badge, Card, ErrorNotice, PageHeader, TextField } from '../../components/ui';
import { date } from '../../lib/format';
import { boPaths } from '../../lib/paths';
import { useInvestors } from './api';
import { USER_STATUS_LABELS } from './labels';

const columns: Column<InvestorRow>[] = [
  { key: 'name', header: 'Name', cell: (row) => <span className="font-medium">{row.name}</span> },
  { key: 'email', header: 'E-Mail', cell: (row) => row.email },
  {
    key: 'status',
    header: 'Status',
    cell: (row) => (
      <span className="flex gap-1">
        <Badge tone={USER_STATUS_LABELS[row.status]?.tone}>{USER_STATUS_LABELS[row.status]?.label ?? row.status}</Badge>
        {row.locked ? <Badge tone="bad">Gesperrt</Badge> : null}
      </span>
    ),
  },
  { key: 'iban', header: 'IBAN', cell: (row) => <span className="font-mono text-xs">{row.iban ?? '–'}</span> },
  { key: 'partner', header: 'Partner', cell: (row) => row.partnerId },
  { key: 'since', header: 'Seit', cell: (row) => date(row.createdAt) },
];

/** Investors by name, e-mail or IBAN. */
const InvestorsPage = () => {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const investors = useInvestors(search.trim());
  return (
    <>
      <PageHeader title="Investoren" subtitle="Suche nach Name, E-Mail-Adresse oder IBAN." />
      <Card className="mb-4">
        <TextField
          label="Suche"
          placeholder="z. B. Berger, anna@… oder AT61 1904 …"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </Card>
      <ErrorNotice error={investors.error} />
      <Card className="overflow-hidden [&>div]:p-0">
        <DataTable
          label="Investoren"
          columns={columns}
          rows={investors.data}
          rowKey={(row) => row.id}
          loading={investors.isPending}
          onSelect={(row) => navigate(boPaths.investor(row.id))}
          empty={{ title: 'Niemand gefunden', text: 'Prüfe die Schreibweise oder suche mit der IBAN.' }}
        />
      </Card>
    </>
  );
};

export default InvestorsPage;
