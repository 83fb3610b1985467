import { ADMIN_API_PREFIX, type AffiliateRow, affiliateRow, type CreateAffiliateBody, staffCan } from '@bw/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { useSession } from '../../app/use-session';
import { type Column, DataTable } from '../../components/data-table';
import { Button, Card, ErrorNotice, fieldError, Notice, PageHeader, SelectField, TextField } from '../../components/ui';
import { adminApi } from '../../lib/admin-api';
import { date, eur } from '../../lib/format';
import { usePartners } from '../partners/api';

const key = ['backoffice', 'affiliates'] as const;
const useAffiliates = () =>
  useQuery({
    queryKey: key,
    queryFn: (): Promise<AffiliateRow[]> => adminApi.get(`${ADMIN_API_PREFIX}/affiliates`, z.array(affiliateRow)),
  });
const create = (body: CreateAffiliateBody) =>
  adminApi.send('POST', `${ADMIN_API_PREFIX}/affiliates`, body, affiliateRow);

const columns: Column<AffiliateRow>[] = [
  {
    key: 'name',
    header: 'Affiliate',
    cell: (row) => (
      <>
        <span className="block font-medium">{row.name}</span>
        <span className="font-mono text-xs text-muted">{row.id}</span>
      </>
    ),
  },
  { key: 'partner', header: 'Partner', cell: (row) => row.partnerId },
  { key: 'registrations', header: 'Registrierungen', align: 'right', cell: (row) => row.registrations },
  { key: 'verified', header: 'Identifiziert', align: 'right', cell: (row) => row.verified },
  { key: 'investors', header: 'Investiert', align: 'right', cell: (row) => row.investors },
  { key: 'volume', header: 'Volumen', align: 'right', cell: (row) => eur(row.investedCents) },
  { key: 'url', header: 'Link', cell: (row) => <span className="break-all font-mono text-xs">{row.url}</span> },
  { key: 'since', header: 'Seit', cell: (row) => date(row.createdAt) },
];

/** Affiliate partners: their tracked links and the registrations and investments each brought (issue 25). */
const AffiliatesPage = () => {
  const session = useSession();
  const queryClient = useQueryClient();
  const affiliates = useAffiliates();
  const partners = usePartners();
  const [form, setForm] = useState({ id: '', name: '', partnerId: '' });
  const add = useMutation({
    mutationFn: create,
    onSuccess: () => {
      setForm({ id: '', name: '', partnerId: '' });
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ ...form, partnerId: form.partnerId || (partners.data?.[0]?.partnerId ?? '') });
  };
  return (
    <>
      <PageHeader
        title="Affiliates"
        subtitle="Marketing-Partner mit eigenem Link: wer sich darüber registriert, zählt für sie."
      />
      <div className="space-y-4">
        {staffCan(session.staff.role, 'POST /admin/api/v1/affiliates') ? (
          <Card title="Neuer Affiliate">
            <form className="grid grid-cols-4 items-end gap-3" onSubmit={submit} noValidate>
              <TextField
                label="ID (im Link)"
                value={form.id}
                error={fieldError(add.error, 'id')}
                onChange={(event) => setForm({ ...form, id: event.target.value })}
              />
              <TextField
                label="Name"
                value={form.name}
                error={fieldError(add.error, 'name')}
                onChange={(event) => setForm({ ...form, name: event.target.value })}
              />
              <SelectField
                label="Partner"
                value={form.partnerId}
                options={(partners.data ?? []).map((partner) => ({ value: partner.partnerId, label: partner.name }))}
                onChange={(event) => setForm({ ...form, partnerId: event.target.value })}
              />
              <Button type="submit" variant="primary" busy={add.isPending}>
                Anlegen
              </Button>
            </form>
            <div className="mt-3">
              <ErrorNotice error={add.error} />
              {add.isSuccess ? <Notice>Angelegt. Der Link steht in der Liste.</Notice> : null}
            </div>
          </Card>
        ) : null}
        <Card className="overflow-hidden [&>div]:p-0">
          <ErrorNotice error={affiliates.error} />
          <DataTable
            label="Affiliates"
            columns={columns}
            rows={affiliates.data}
            rowKey={(row) => row.id}
            loading={affiliates.isPending}
            empty={{ title: 'Noch keine Affiliates' }}
          />
        </Card>
      </div>
    </>
  );
};

export default AffiliatesPage;
