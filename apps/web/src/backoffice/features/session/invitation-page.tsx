import { acceptInvitationBody, STAFF_ROLE_LABELS } from '@bw/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { BoForm, FormNotice, FormSubmit, FormTextField } from '../../components/form-fields';
import { ErrorNotice, Spinner } from '../../components/ui';
import { totpInput } from '../../lib/form-rules';
import { boPaths } from '../../lib/paths';
import { acceptInvitation, getInvitation, sessionKey } from './api';
import { AuthFrame } from './login-page';
import { QrCode } from './qr-code';

/** The acceptance body with the repeated password, checked here; the server checks the password's rules. */
const invitationForm = acceptInvitationBody
  .extend({
    password: z.string().min(1, 'Bitte wähle ein Passwort.').max(128),
    repeat: z.string(),
    code: totpInput,
  })
  .refine((form) => form.password === form.repeat, {
    path: ['repeat'],
    message: 'Die Passwörter stimmen nicht überein.',
    // Also when another field is off: every message shows at once.
    when: () => true,
  });

/** Accepting an invitation: scan the secret, choose a password, confirm with the first code. */
export const InvitationPage = () => {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invitation = useQuery({ queryKey: ['backoffice', 'invitation', token], queryFn: () => getInvitation(token) });
  const form = useZodForm(invitationForm, { defaultValues: { password: '', repeat: '', code: '' } });
  if (invitation.isPending) return <Spinner />;
  if (invitation.isError)
    return (
      <AuthFrame title="Einladung" subtitle="">
        <ErrorNotice error={invitation.error} />
      </AuthFrame>
    );
  const view = invitation.data;
  const submit = async ({ password, code }: z.output<typeof invitationForm>) => {
    const session = await acceptInvitation(token, { password, code });
    queryClient.setQueryData(sessionKey, session);
    navigate(boPaths.dashboard, { replace: true });
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
      <BoForm form={form} onSubmit={submit} className="space-y-3">
        <FormTextField name="password" label="Passwort" type="password" autoComplete="new-password" />
        <FormTextField name="repeat" label="Passwort wiederholen" type="password" autoComplete="new-password" />
        <FormTextField
          name="code"
          label="Code aus der Authenticator-App"
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <FormNotice />
        <FormSubmit className="w-full">Konto aktivieren</FormSubmit>
      </BoForm>
    </AuthFrame>
  );
};
