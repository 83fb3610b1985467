import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { boPaths } from '../../app/paths';
import { Button, ErrorNotice, TextField } from '../../components/ui';
import { logIn, sessionKey } from './api';

/** Staff login: e-mail, password and the code of the authenticator app, in one step (ADR 0019). */
export const LoginPage = () => {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ email: '', password: '', code: '' });
  const login = useMutation({
    mutationFn: logIn,
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKey, session);
      const target = search.get('ziel');
      navigate(target?.startsWith(boPaths.dashboard) ? target : boPaths.dashboard, { replace: true });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ ...form, email: form.email.trim(), code: form.code.replace(/\s/g, '') });
  };
  return (
    <AuthFrame title="Anmeldung Back Office" subtitle="Nur für Mitarbeitende des Betreibers.">
      <form className="space-y-4" onSubmit={submit} noValidate>
        <TextField
          label="E-Mail-Adresse"
          type="email"
          autoComplete="username"
          required
          value={form.email}
          onChange={(event) => setForm({ ...form, email: event.target.value })}
        />
        <TextField
          label="Passwort"
          type="password"
          autoComplete="current-password"
          required
          value={form.password}
          onChange={(event) => setForm({ ...form, password: event.target.value })}
        />
        <TextField
          label="Code aus der Authenticator-App"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          required
          hint="Sechs Ziffern, alle 30 Sekunden neu."
          value={form.code}
          onChange={(event) => setForm({ ...form, code: event.target.value })}
        />
        <ErrorNotice error={login.error} />
        <Button type="submit" variant="primary" className="w-full" busy={login.isPending}>
          Anmelden
        </Button>
      </form>
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
