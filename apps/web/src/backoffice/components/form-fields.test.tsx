import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useZodForm } from '../../components/form';
import { ApiError } from '../../lib/api-client';
import { BoForm, FormNotice, FormSelectField, FormSubmit, FormTextArea, FormTextField } from './form-fields';

const schema = z.object({
  code: z.string().trim().min(4, 'Mindestens 4 Zeichen.'),
  amount: z.string().min(1, 'Bitte gib den Bonus an.'),
  market: z.enum(['primary', 'secondary']),
  note: z.string(),
});

const TestForm = ({ onSubmit }: { readonly onSubmit: (values: z.output<typeof schema>) => unknown }) => {
  const form = useZodForm(schema, { defaultValues: { code: '', amount: '', market: 'primary', note: '' } });
  return (
    <BoForm form={form} onSubmit={onSubmit} serverErrors={{ aliases: { amountCents: 'amount' } }} data-testid="form">
      <FormTextField name="code" label="Code" hint="Buchstaben und Ziffern." />
      <FormTextField name="amount" label="Bonus in €" />
      <FormSelectField
        name="market"
        label="Markt"
        options={[
          { value: 'primary', label: 'Zeichnung' },
          { value: 'secondary', label: 'Handel' },
        ]}
      />
      <FormTextArea name="note" label="Notiz" />
      <FormNotice />
      <FormSubmit>Aktion anlegen</FormSubmit>
    </BoForm>
  );
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Aktion anlegen' }));

describe('the back office’s fields on the form kit', () => {
  afterEach(() => cleanup());

  it('shows a schema error under its field, in the back office’s look, and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(<TestForm onSubmit={onSubmit} />);
    const code = screen.getByLabelText('Code');
    expect(code.className).toContain('rounded-md border border-line');
    expect(code.getAttribute('aria-describedby')).toBe(screen.getByText('Buchstaben und Ziffern.').id);
    type('Code', 'ab');
    send();
    const message = await screen.findByTestId('error-code');
    expect(message.textContent).toBe('Mindestens 4 Zeichen.');
    expect(message.className).toBe('mt-1 text-xs text-bad');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.getByTestId('error-amount').textContent).toBe('Bitte gib den Bonus an.');
    expect(screen.queryByText('Buchstaben und Ziffern.')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts a server’s `fields` answer at its field (also under an alias) and a refusal about no field above the button', async () => {
    const refusals = [
      new ApiError(400, 'VALIDATION_FAILED', 'Ungültige Eingabe.', {
        'body.code': 'Diesen Code gibt es schon.',
        'body.amountCents': 'Betrag in Cent, größer als 0',
      }),
      new ApiError(409, 'BONUS_BUDGET', 'Das Budget ist ausgeschöpft.'),
    ];
    const onSubmit = vi.fn(() => Promise.reject(refusals.shift()));
    render(<TestForm onSubmit={onSubmit} />);
    type('Code', ' FRUEHLING ');
    type('Bonus in €', '25');
    fireEvent.change(screen.getByLabelText('Markt'), { target: { value: 'secondary' } });
    type('Notiz', 'Herbst');
    send();
    expect((await screen.findByTestId('error-code')).textContent).toBe('Diesen Code gibt es schon.');
    expect(onSubmit).toHaveBeenCalledWith({ code: 'FRUEHLING', amount: '25', market: 'secondary', note: 'Herbst' });
    expect(screen.getByTestId('error-amount').textContent).toBe('Betrag in Cent, größer als 0');
    expect(screen.getByLabelText('Bonus in €').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    send();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Das Budget ist ausgeschöpft.'));
    expect(screen.queryByTestId('error-code')).toBeNull();
  });

  it('is busy while sending', async () => {
    let finish: () => void = () => {};
    render(<TestForm onSubmit={() => new Promise<void>((resolve) => (finish = resolve))} />);
    type('Code', 'FRUEHLING');
    type('Bonus in €', '25');
    send();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Aktion anlegen' })).toHaveProperty('disabled', true),
    );
    expect(screen.getByTestId('form').getAttribute('aria-busy')).toBe('true');
    finish();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Aktion anlegen' })).toHaveProperty('disabled', false),
    );
  });
});
