import type { BulletinOffer } from '@bw/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureFeatureTexts, setupI18n } from '../../../lib/i18n';
import { TakeOfferForm } from './take-offer-form';

/** A sell offer of another investor: 4 shares at 150 € against a 30-day average of 103.95 € (issue 35). */
const offer = (values: Partial<BulletinOffer> = {}): BulletinOffer => ({
  offerId: '0b0c5f5e-6a43-4e4b-9d2a-1f0c5b1e7a01',
  assetId: 'wien-ottakring-zinshaus',
  assetName: 'Zinshaus Ottakring',
  status: 'open',
  type: 'sell',
  visibility: 'bulletin',
  firstParty: null as unknown as BulletinOffer['firstParty'],
  isMine: false,
  sharesAmount: 4,
  sharesOffered: 4,
  sharesSettled: 0,
  price: '15000',
  totalPrice: '60000',
  transactionFee: '600',
  transactionTotalAmount: '60600',
  transactionFeeBps: 100,
  priceWarning: { level: 'confirm', averagePrice30Days: '10395' },
  acceptedWarnings: [],
  signingRequest: null,
  trades: [],
  createdAt: '2026-12-01T10:00:00.000Z',
  ...values,
});

type Refusal = { code: string; message: string; fields?: Record<string, string> };

/** The server: `interestedParty` answers each call with the next refusal, then 200. */
const stubServer = (sent: unknown[], refusals: Refusal[] = []) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url === '/api/v1/bulletinboard/offer/interestedParty' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        const refusal = refusals.shift();
        if (refusal) return json(409, { error: refusal });
        return json(422, { error: { code: 'OFFER_NOT_OPEN', message: 'Dieses Angebot ist nicht mehr offen.' } });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: url } });
    }),
  );

const renderForm = (value: BulletinOffer) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/mobileWeb/buy-offer-overview/x']}>
        <TakeOfferForm offer={value} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('<TakeOfferForm>: the trade rules of every buy and sell (spec section 5, ADR 0040)', () => {
  beforeAll(async () => {
    await setupI18n('de-AT');
    await ensureFeatureTexts();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks to confirm a price more than 20 % off the average before buying, then sends Accepted20PercentDifference', async () => {
    const sent: unknown[] = [];
    stubServer(sent);
    renderForm(offer());
    expect(screen.getByTestId('price-warning-confirm').textContent).toContain('mehr als 20 %');
    expect(screen.queryByTestId('price-warning-info')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Kostenpflichtig kaufen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preis weicht stark ab' });
    expect(dialog.textContent).toContain('Möchtest du trotzdem zu diesem Preis kaufen?');
    expect(dialog.textContent?.replace(/\s/g, ' ')).toContain('103,95 €');
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Ja, Preis bestätigen' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      offerId: offer().offerId,
      shares: 4,
      acceptedWarnings: ['Accepted20PercentDifference'],
    });
  });

  it('asks the seller too when taking a buy offer, and never sends the buy confirmations', async () => {
    const sent: unknown[] = [];
    stubServer(sent);
    renderForm(offer({ type: 'buy', priceWarning: { level: 'confirm', averagePrice30Days: '10395' }, price: '7000' }));
    fireEvent.click(screen.getByRole('button', { name: 'Verbindlich verkaufen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preis weicht stark ab' });
    expect(dialog.textContent).toContain('Möchtest du trotzdem zu diesem Preis verkaufen?');
    fireEvent.click(screen.getByRole('button', { name: 'Ja, Preis bestätigen' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ offerId: offer().offerId, shares: 4, acceptedWarnings: ['Accepted20PercentDifference'] });
  });

  it('shows the 10 % info without asking, and opens the dialog when the server finds the price off after all', async () => {
    const sent: unknown[] = [];
    stubServer(sent, [
      {
        code: 'OFFER_PRICE_WARNING_NOT_ACCEPTED',
        message: 'Der Preis weicht mehr als 20 % vom durchschnittlichen Preis der letzten 30 Tage ab.',
      },
    ]);
    renderForm(offer({ priceWarning: { level: 'info', averagePrice30Days: '13300' } }));
    expect(screen.getByTestId('price-warning-info').textContent).toContain('Der Preis dieses Angebots');
    fireEvent.click(screen.getByRole('button', { name: 'Kostenpflichtig kaufen' }));
    await screen.findByRole('dialog', { name: 'Preis weicht stark ab' });
    expect(sent).toEqual([{ offerId: offer().offerId, shares: 4 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Ja, Preis bestätigen' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ offerId: offer().offerId, shares: 4, acceptedWarnings: ['Accepted20PercentDifference'] });
  });

  it('shows a tax-ID refusal in German with the way to the settings', async () => {
    const message =
      'Für dieses Investment brauchen wir deine österreichische Steuernummer. Du kannst sie in den Einstellungen angeben.';
    stubServer([], [{ code: 'INVESTMENT_AUSTRIAN_TAX_ID_REQUIRED', message }]);
    renderForm(offer({ priceWarning: { level: 'none', averagePrice30Days: '15000' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Kostenpflichtig kaufen' }));
    const refusal = await screen.findByTestId('trade-refusal');
    expect(refusal.textContent).toContain(message);
    expect(screen.getByRole('link', { name: 'Zu den Einstellungen' }).getAttribute('href')).toBe('/mobileWeb/settings');
  });
});
