import { staffLoginBody } from '@bw/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { BoForm, FormNotice, FormSubmit, FormTextField } from '../../components/form-fields';
import { required, totpInput } from '../../lib/form-rules';
import { boPaths } from '../../lib/paths';
import { logIn, sessionKey } from './api';

/** The staff login body with the screen's messages; the e-mail is sent trimmed, the code without spaces. */
const loginForm = staffLoginBody.extend({
  email: required('Bitte gib deine E-Mail-Adresse an.', staffLoginBody.shape.email),
  password: z.string().min(1, 'Bitte gib dein Passwort ein.').max(128),
  code: totpInput,
});

/** Staff login: e-mail, password and the code of the authenticator app, in one step (ADR 0019). */
export const LoginPage = () => {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const form = useZodForm(loginForm, { defaultValues: { email: '', password: '', code: '' } });
  const submit = async (body: z.output<typeof loginForm>) => {
    const session = await logIn(body);
    queryClient.setQueryData(sessionKey, session);
    const target = search.get('ziel');
    navigate(target?.startsWith(boPaths.dashboard) ? target : boPaths.dashboard, { replace: true });
  };
  return (
    <AuthFrame title="Anmeldung Back Office" subtitle="Nur für Mitarbeitende des Betreibers.">
      <BoForm form={form} onSubmit={submit} className="space-y-4">
        <FormTextField name="email" label="E-Mail-Adresse" type="email" autoComplete="username" required />
        <FormTextField name="password" label="Passwort" type="password" autoComplete="current-password" required />
        <FormTextField
          name="code"
          label="Code aus der Authenticator-App"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          hint="Sechs Ziffern, alle 30 Sekunden neu."
        />
        <FormNotice />
        <FormSubmit className="w-full">Anmelden</FormSubmit>
      </BoForm>
    </AuthFrame>
  );
};

export const AuthFrame = ({
  title,
  subtitle,
  children,
}: {
  readonly title: string;
  readonly subtitle: string;
  readonly children: React.ReactNode;
}) => (
  <main className="grid min-h-screen place-items-center bg-canvas px-4">
    <div className="w-full max-w-sm">
      <div className="mb-6 flex items-center gap-2 text-accent">
        <ShieldCheck className="size-6" aria-hidden />
        <span className="text-base font-semibold">Brickwise Back Office</span>
      </div>
      <div className="rounded-lg border border-line bg-white p-6 shadow-sm">
        <h1 className="text-lg font-semibold text-ink">{title}</h1>
        <p className="mb-5 mt-1 text-muted">{subtitle}</p>
        {children}
      </div>
    </div>
  </main>
);
