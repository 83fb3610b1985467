import { STAFF_ROLE_LABELS } from '@bw/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { boPaths } from '../../app/paths';
import { Button, ErrorNotice, Spinner, TextField } from '../../components/ui';
import { acceptInvitation, getInvitation, sessionKey } from './api';
import { AuthFrame } from './login-page';
import { QrCode } from './qr-code';

/** Accepting an invitation: scan the secret, choose a password, confirm with the first code. */
export const InvitationPage = () => {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invitation = useQuery({ queryKey: ['backoffice', 'invitation', token], queryFn: () => getInvitation(token) });
  const [form, setForm] = useState({ password: '', repeat: '', code: '' });
  const [mismatch, setMismatch] = useState(false);
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token, { password: form.password, code: form.code.replace(/\s/g, '') }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKey, session);
      navigate(boPaths.dashboard, { replace: true });
    },
  });
  if (invitation.isPending) return <Spinner />;
  if (invitation.isError)
    return (
      <AuthFrame title="Einladung" subtitle="">
        <ErrorNotice error={invitation.error} />
      </AuthFrame>
    );
  const view = invitation.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(form.password !== form.repeat);
    if (form.password === form.repeat) accept.mutate();
  };
  return (
    <AuthFrame
      title={`Willkommen, ${view.displayName}`}
      subtitle={`Rolle: ${STAFF_ROLE_LABELS[view.role]} · ${view.email}`}
    >
      <ol className="mb-4 list-decimal space-y-1 pl-5 text-muted">
        <li>Scanne den QR-Code mit deiner Authenticator-App.</li>
        <li>Wähle ein Passwort (mindestens 12 Zeichen, ein Großbuchstabe, eine Ziffer).</li>
        <li>Bestätige mit dem ersten Code aus der App.</li>
      </ol>
      <div className="mb-4 flex flex-col items-center gap-2 rounded-md border border-line p-3">
        <QrCode value={view.otpauthUri} label="QR-Code für die Authenticator-App" />
        <p className="text-xs text-muted">
          Ohne Kamera:{' '}
          <code className="select-all break-all font-mono text-ink" data-testid="totp-secret">
            {view.totpSecret}
          </code>
        </p>
      </div>
      <form className="space-y-3" onSubmit={submit} noValidate>
        <TextField
          label="Passwort"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
        />
        <TextField
          label="Passwort wiederholen"
          type="password"
          autoComplete="new-password"
          error={mismatch ? 'Die Passwörter stimmen nicht überein.' : undefined}
          value={form.repeat}
          onChange={(event) => setForm({ ...form, repeat: event.target.value })}
        />
        <TextField
          label="Code aus der Authenticator-App"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={form.code}
          onChange={(event) => setForm({ ...form, code: event.target.value })}
        />
        <ErrorNotice error={accept.error} />
        <Button type="submit" variant="primary" className="w-full" busy={accept.isPending}>
          Konto aktivieren
        </Button>
      </form>
    </AuthFrame>
  );
};
