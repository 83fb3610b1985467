import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { setupI18n } from '../../lib/i18n';
import { CheckboxField, Form, FormError, msg, PasswordField, SubmitButton, TextField, useZodForm } from './index';

const schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, msg('auth.emailRequired'))
    .pipe(z.email(msg('auth.emailInvalid'))),
  password: z.string().min(1, msg('auth.passwordRequired')),
  newsletter: z.boolean(),
});
type Values = z.output<typeof schema>;

const FALLBACK = 'Es ist etwas schiefgegangen.';

const TestForm = ({ onSubmit }: { readonly onSubmit: (values: Values) => unknown }) => {
  const form = useZodForm(schema, { defaultValues: { email: '', password: '', newsletter: false } });
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      serverErrors={{
        fallback: FALLBACK,
        codeFields: { PASSWORD_INCORRECT: 'password' },
        aliases: { username: 'email' },
      }}
      data-testid="form"
    >
      <FormError />
      <TextField name="email" label="E-Mail" />
      <PasswordField name="password" label="Passwort" />
      <CheckboxField name="newsletter" label="Newsletter" />
      <SubmitButton pendingLabel="Wird gesendet …">Senden</SubmitButton>
    </Form>
  );
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.submit(screen.getByTestId('form'));
const deferred = () => {
  let resolve: () => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

describe('the form kit (ADR 0015)', () => {
  beforeAll(async () => {
    await setupI18n('de-AT');
  });
  afterEach(() => cleanup());

  it('shows the schema’s messages in German at their fields, focuses the first and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(<TestForm onSubmit={onSubmit} />);
    type('E-Mail', 'anna@');
    send();
    const emailError = await screen.findByTestId('error-email');
    expect(emailError.textContent).toBe('Die eingegebene E-Mail Adresse ist ungültig.');
    expect(screen.getByTestId('error-password').textContent).toBe('Gib dein Passwort ein.');
    const email = screen.getByLabelText('E-Mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(emailError.id);
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands the parsed values to the submit handler', async () => {
    const onSubmit = vi.fn();
    render(<TestForm onSubmit={onSubmit} />);
    type('E-Mail', '  anna@example.at ');
    type('Passwort', 'geheim');
    fireEvent.click(screen.getByLabelText('Newsletter'));
    send();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: 'anna@example.at', password: 'geheim', newsletter: true });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the server’s per-field message on its field, and a code that belongs to a field there', async () => {
    const refusals = [
      new ApiError(400, 'VALIDATION_FAILED', 'Ungültige Eingabe.', { 'body.email': 'E-Mail bitte prüfen.' }),
      new ApiError(401, 'PASSWORD_INCORRECT', 'Passwort ist nicht korrekt'),
    ];
    render(<TestForm onSubmit={() => Promise.reject(refusals.shift())} />);
    type('E-Mail', 'anna@example.at');
    type('Passwort', 'geheim');
    send();
    expect((await screen.findByTestId('error-email')).textContent).toBe('E-Mail bitte prüfen.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-Mail')));
    expect(screen.queryByTestId('form-error')).toBeNull();
    send();
    expect((await screen.findByTestId('error-password')).textContent).toBe('Passwort ist nicht korrekt');
    expect(screen.queryByTestId('error-email')).toBeNull();
  });

  it('puts the message of a body field the form names differently (aliases) at the form’s field', async () => {
    render(
      <TestForm
        onSubmit={() =>
          Promise.reject(new ApiError(400, 'VALIDATION_FAILED', 'Ungültig', { 'body.username': 'Schon vergeben.' }))
        }
      />,
    );
    type('E-Mail', 'anna@example.at');
    type('Passwort', 'geheim');
    send();
    expect((await screen.findByTestId('error-email')).textContent).toBe('Schon vergeben.');
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('shows a refusal about no field above the form, and the fallback when the server sent none', async () => {
    const refusals: unknown[] = [
      new ApiError(423, 'SECURITY_LOCK', 'Aus Sicherheitsgründen ist das gerade nicht möglich.'),
      new ApiError(503, 'INTERNAL', 'Service Unavailable'),
      new TypeError('Failed to fetch'),
    ];
    render(<TestForm onSubmit={() => Promise.reject(refusals.shift())} />);
    type('E-Mail', 'anna@example.at');
    type('Passwort', 'geheim');
    send();
    await waitFor(() =>
      expect(screen.getByTestId('form-error').textContent).toBe('Aus Sicherheitsgründen ist das gerade nicht möglich.'),
    );
    expect(screen.getByRole('alert')).toBe(screen.getByTestId('form-error'));
    send();
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe(FALLBACK));
    send();
    await waitFor(() => expect(refusals).toHaveLength(0));
    await waitFor(() => expect(screen.getByTestId('form-error').textContent).toBe(FALLBACK));
  });

  it('is busy while sending and ignores a second submit meanwhile', async () => {
    const call = deferred();
    const onSubmit = vi.fn(() => call.promise);
    render(<TestForm onSubmit={onSubmit} />);
    type('E-Mail', 'anna@example.at');
    type('Passwort', 'geheim');
    send();
    send();
    const button = await screen.findByRole('button', { name: 'Wird gesendet …' });
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByTestId('form').getAttribute('aria-busy')).toBe('true');
    send();
    call.resolve();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Senden' })).toHaveProperty('disabled', false));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('form').getAttribute('aria-busy')).toBe('false');
    send();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });
});
