import * as ops from '@bw/api-client/operations';
import {
  type AffiliateRow,
  affiliateRow,
  type CreateAffiliateBody,
  createAffiliateBody,
  staffCan,
} from '@bw/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { type Column, DataTable } from '../../components/data-table';
import { BoForm, FormNotice, FormSelectField, FormSubmit, FormTextField } from '../../components/form-fields';
import { Card, ErrorNotice, Notice, PageHeader } from '../../components/ui';
import { adminApi } from '../../lib/admin-api';
import { date, eur } from '../../lib/format';
import { useSession } from '../../lib/use-session';
import { usePartners } from '../partners/api';

const key = ['backoffice', 'affiliates'] as const;
const useAffiliates = () =>
  useQuery({
    queryKey: key,
    queryFn: (): Promise<AffiliateRow[]> => adminApi.get(ops.getAdminAffiliates, z.array(affiliateRow)),
  });
const create = (body: CreateAffiliateBody) => adminApi.send(ops.postAdminAffiliates, affiliateRow, { body });

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

/** The affiliate body; an untouched partner choice means the first partner, as the select shows. */
const affiliateForm = createAffiliateBody.extend({ partnerId: z.string() });
const EMPTY = { id: '', name: '', partnerId: '' };

/** Affiliate partners: their tracked links and the registrations and investments each brought (issue 25). */
const AffiliatesPage = () => {
  const session = useSession();
  const queryClient = useQueryClient();
  const affiliates = useAffiliates();
  const partners = usePartners();
  const form = useZodForm(affiliateForm, { defaultValues: EMPTY });
  const [added, setAdded] = useState(false);
  const add = async (values: CreateAffiliateBody) => {
    setAdded(false);
    await create({ ...values, partnerId: values.partnerId || (partners.data?.[0]?.partnerId ?? '') });
    setAdded(true);
    form.reset(EMPTY);
    void queryClient.invalidateQueries({ queryKey: key });
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
            <BoForm form={form} onSubmit={add}>
              <FormNotice className="mb-3" />
              <div className="grid grid-cols-4 items-end gap-3">
                <FormTextField name="id" label="ID (im Link)" />
                <FormTextField name="name" label="Name" />
                <FormSelectField
                  name="partnerId"
                  label="Partner"
                  options={(partners.data ?? []).map((partner) => ({ value: partner.partnerId, label: partner.name }))}
                />
                <FormSubmit>Anlegen</FormSubmit>
              </div>
              {added ? (
                <div className="mt-3">
                  <Notice>Angelegt. Der Link steht in der Liste.</Notice>
                </div>
              ) : null}
            </BoForm>
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
