import { inviteStaffBody, STAFF_ROLE_LABELS, type StaffView, staffCan } from '@bw/contracts';
import { STAFF_ROLES, type StaffRole } from '@bw/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { type Column, DataTable } from '../../components/data-table';
import { BoForm, FormNotice, FormSelectField, FormSubmit, FormTextField } from '../../components/form-fields';
import { Badge, Button, Card, ErrorNotice, Notice, PageHeader } from '../../components/ui';
import { required } from '../../lib/form-rules';
import { dateTime } from '../../lib/format';
import { useSession } from '../../lib/use-session';
import { useStaffList } from '../audit/api';
import { inviteStaff, resendInvitation, updateStaff } from './api';

/** The invitation body with the screen's messages; name and e-mail are sent trimmed. */
const inviteForm = inviteStaffBody.extend({
  email: required('Bitte gib eine E-Mail-Adresse an.', inviteStaffBody.shape.email),
  displayName: z.string().trim().min(2, 'Bitte gib einen Namen an (mindestens 2 Zeichen).').max(120),
});
const EMPTY_INVITE: z.input<typeof inviteForm> = { email: '', displayName: '', role: 'support' };

const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));
const STATUS: Record<StaffView['status'], { label: string; tone: 'ok' | 'warn' | 'bad' }> = {
  active: { label: 'Aktiv', tone: 'ok' },
  invited: { label: 'Eingeladen', tone: 'warn' },
  disabled: { label: 'Gesperrt', tone: 'bad' },
};

/** Staff and their roles: invite by e-mail, change a role, block, send a new link. */
const StaffPage = () => {
  const session = useSession();
  const queryClient = useQueryClient();
  const staff = useStaffList();
  const mayManage = staffCan(session.staff.role, 'POST /admin/api/v1/staff');
  const form = useZodForm(inviteForm, { defaultValues: EMPTY_INVITE });
  const [link, setLink] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['backoffice', 'staff'] });
  const invite = async (body: z.output<typeof inviteForm>) => {
    setLink(null);
    const result = await inviteStaff(body);
    setLink(result.invitationUrl);
    form.reset(EMPTY_INVITE);
    void refresh();
  };
  const change = useMutation({
    mutationFn: (input: { id: string; role?: StaffRole; status?: 'active' | 'disabled' }) =>
      updateStaff(input.id, { role: input.role, status: input.status }),
    onSuccess: () => void refresh(),
  });
  const resend = useMutation({ mutationFn: resendInvitation, onSuccess: (result) => setLink(result.invitationUrl) });

  const columns: Column<StaffView>[] = [
    { key: 'name', header: 'Name', cell: (row) => <span className="font-medium">{row.displayName}</span> },
    { key: 'email', header: 'E-Mail', cell: (row) => row.email },
    {
      key: 'role',
      header: 'Rolle',
      cell: (row) =>
        mayManage && row.id !== session.staff.id && row.status !== 'invited' ? (
          <select
            aria-label={`Rolle von ${row.displayName}`}
            className="rounded border border-line bg-white px-1.5 py-1"
            value={row.role}
            onChange={(event) => change.mutate({ id: row.id, role: event.target.value as StaffRole })}
          >
            {roleOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ) : (
          STAFF_ROLE_LABELS[row.role]
        ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (row) => <Badge tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge>,
    },
    { key: 'login', header: 'Letzte Anmeldung', cell: (row) => dateTime(row.lastLoginAt) },
    {
      key: 'actions',
      header: '',
      align: 'right',
      cell: (row) =>
        !mayManage || row.id === session.staff.id ? null : row.status === 'invited' ? (
          <Button onClick={() => resend.mutate(row.id)}>Neuer Link</Button>
        ) : (
          <Button
            variant={row.status === 'active' ? 'danger' : 'secondary'}
            onClick={() => change.mutate({ id: row.id, status: row.status === 'active' ? 'disabled' : 'active' })}
          >
            {row.status === 'active' ? 'Sperren' : 'Entsperren'}
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Team"
        subtitle="Wer im Back Office arbeitet und was die Rolle erlaubt. Jede Anmeldung braucht den zweiten Faktor."
      />
      <div className="grid grid-cols-[1fr_22rem] items-start gap-4">
        <Card className="overflow-hidden [&>div]:p-0">
          <ErrorNotice error={staff.error ?? change.error ?? resend.error} />
          <DataTable
            label="Team"
            columns={columns}
            rows={staff.data}
            rowKey={(row) => row.id}
            loading={staff.isPending}
            empty={{ title: 'Noch niemand im Team' }}
          />
        </Card>
        {mayManage ? (
          <Card title="Person einladen">
            <BoForm form={form} onSubmit={invite} className="space-y-3">
              <FormTextField name="displayName" label="Name" />
              <FormTextField name="email" label="E-Mail-Adresse" type="email" />
              <FormSelectField name="role" label="Rolle" options={roleOptions} />
              <FormNotice />
              <FormSubmit className="w-full">Einladung senden</FormSubmit>
              {link ? (
                <Notice>
                  Einladung verschickt. Der Link gilt 72 Stunden:{' '}
                  <span className="break-all font-mono text-xs">{link}</span>
                </Notice>
              ) : null}
            </BoForm>
          </Card>
        ) : null}
      </div>
    </>
  );
};

export default StaffPage;
