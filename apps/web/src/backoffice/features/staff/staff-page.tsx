import { STAFF_ROLE_LABELS, type StaffView, staffCan } from '@bw/contracts';
import { STAFF_ROLES, type StaffRole } from '@bw/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSession } from '../../app/use-session';
import { type Column, DataTable } from '../../components/data-table';
import {
  Badge,
  Button,
  Card,
  ErrorNotice,
  fieldError,
  Notice,
  PageHeader,
  SelectField,
  TextField,
} from '../../components/ui';
import { dateTime } from '../../lib/format';
import { useStaffList } from '../audit/api';
import { inviteStaff, resendInvitation, updateStaff } from './api';

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
  const [form, setForm] = useState<{ email: string; displayName: string; role: StaffRole }>({
    email: '',
    displayName: '',
    role: 'support',
  });
  const [link, setLink] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['backoffice', 'staff'] });
  const invite = useMutation({
    mutationFn: inviteStaff,
    onSuccess: (result) => {
      setLink(result.invitationUrl);
      setForm({ email: '', displayName: '', role: 'support' });
      void refresh();
    },
  });
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setLink(null);
    invite.mutate({ ...form, email: form.email.trim(), displayName: form.displayName.trim() });
  };

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
            <form className="space-y-3" onSubmit={submit} noValidate>
              <TextField
                label="Name"
                value={form.displayName}
                error={fieldError(invite.error, 'displayName')}
                onChange={(event) => setForm({ ...form, displayName: event.target.value })}
              />
              <TextField
                label="E-Mail-Adresse"
                type="email"
                value={form.email}
                error={fieldError(invite.error, 'email')}
                onChange={(event) => setForm({ ...form, email: event.target.value })}
              />
              <SelectField
                label="Rolle"
                value={form.role}
                options={roleOptions}
                onChange={(event) => setForm({ ...form, role: event.target.value as StaffRole })}
              />
              <ErrorNotice error={invite.error} />
              <Button type="submit" variant="primary" busy={invite.isPending} className="w-full">
                Einladung senden
              </Button>
              {link ? (
                <Notice>
                  Einladung verschickt. Der Link gilt 72 Stunden:{' '}
                  <span className="break-all font-mono text-xs">{link}</span>
                </Notice>
              ) : null}
            </form>
          </Card>
        ) : null}
      </div>
    </>
  );
};

export default StaffPage;
