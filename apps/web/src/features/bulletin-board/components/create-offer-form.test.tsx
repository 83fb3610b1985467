import type { AssetDetail } from '@bw/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureFeatureTexts, setupI18n } from '../../../lib/i18n';
import { useShellStore } from '../../../stores/shell-store';
import { CreateOfferForm } from './create-offer-form';

const ASSET = { id: 'wien-ottakring-zinshaus', title: 'Zinshaus Ottakring' } as AssetDetail;
const AVERAGE_CENTS = 10_000;

type Sent = { url: string; body: unknown };

/** The server as these screens see it: the 30-day average, the holdings, the security app; creating is refused for lack of money. */
const stubServer = (securityAppKind: 'provider' | 'private', sent: Sent[]) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.startsWith('/api/v1/assets/transactionMetadata/'))
        return json(200, {
          data: {
            assetId: ASSET.id,
            stage: 'secondary',
            pricePerShareCents: '10000',
            lowestOfferPrice: null,
            availableBricksSecondary: 0,
            averagePrice30DaysCents: String(AVERAGE_CENTS),
            lastPriceCents: null,
            priceWarningThresholdsBps: { info: 1000, confirm: 2000 },
          },
        });
      if (url.startsWith('/api/v1/bulletinboard/holdings'))
        return json(200, {
          data: {
            availableAmount: '100000',
            assets: [{ assetId: ASSET.id, assetName: ASSET.title, sharesCount: 5, availableShares: 4 }],
          },
        });
      if (url === '/api/v1/securityApp')
        return json(200, {
          data: { status: 'active', kind: securityAppKind, timestamp: null, publicKey: null, pairingExpiresAt: null },
        });
      if (url === '/api/v1/bulletinboard/offer' && init?.method === 'POST') {
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return json(409, {
          error: {
            code: 'OFFER_INSUFFICIENT_FUNDS',
            message: 'Auf deinem Zahlungskonto ist nicht genug Geld. Bitte zahle zuerst Geld ein.',
          },
        });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: url } });
    }),
  );

/** A figure as the screen shows it, with its narrow no-break spaces as plain spaces. */
const shown = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\s/g, ' ');

const renderForm = (type: 'buy' | 'sell') =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/desktopWeb/trading/x/create-buy-offer']}>
        <CreateOfferForm asset={ASSET} type={type} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('<CreateOfferForm> (spec sections 2, 5 and 6)', () => {
  beforeAll(async () => {
    await setupI18n('de-AT');
    await ensureFeatureTexts();
  });
  beforeEach(() => {
    useShellStore.getState().patch({ fees: { transactionFeeBps: 100, brokerageFeeBps: 50, defaultFeeBps: 0 } });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('starts at the 30-day average with live totals and caps a sell offer at the available shares', async () => {
    stubServer('provider', []);
    renderForm('sell');
    const price = screen.getByLabelText('Preis pro Anteil in €');
    await waitFor(() => expect((price as HTMLInputElement).value).toBe('100,00'));
    fireEvent.change(screen.getByLabelText('Anzahl Anteile'), { target: { value: '3' } });
    expect(shown('total-price')).toBe('300,00 €');
    expect(shown('transaction-fee')).toBe('3,00 €');
    expect(shown('transaction-total')).toBe('297,00 €');
    await screen.findByText('Verfügbare Anteile: 4');
    fireEvent.change(screen.getByLabelText('Anzahl Anteile'), { target: { value: '5' } });
    expect(screen.getByRole('alert').textContent).toBe('So viele Anteile sind nicht verfügbar.');
    expect(screen.getByRole('button', { name: 'Verkaufsangebot erstellen' })).toHaveProperty('disabled', true);
  });

  it('shows the 10 % info, asks to confirm above 20 % and sends Accepted20PercentDifference', async () => {
    const sent: Sent[] = [];
    stubServer('provider', sent);
    renderForm('buy');
    const price = screen.getByLabelText('Preis pro Anteil in €');
    await waitFor(() => expect((price as HTMLInputElement).value).toBe('100,00'));
    fireEvent.change(price, { target: { value: '115' } });
    expect(screen.getByTestId('price-warning-info')).toBeTruthy();
    fireEvent.change(price, { target: { value: '125,50' } });
    expect(screen.getByTestId('price-warning-confirm')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kaufangebot erstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preis weicht stark ab' });
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Ja, Preis bestätigen' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(dialog.isConnected).toBe(false);
    expect(sent[0]?.body).toEqual({
      assetId: ASSET.id,
      type: 'buy',
      sharesAmount: 1,
      price: '12550',
      visibility: 'bulletin',
      acceptedWarnings: ['Accepted20PercentDifference'],
    });
    // The server's refusal in German, with the way to top up.
    expect(await screen.findByRole('link', { name: 'Konto aufladen' })).toBeTruthy();
  });

  it('lets a private security app use only private offers, where the buyer pays the brokerage fee alone', async () => {
    stubServer('private', []);
    renderForm('buy');
    const bulletin = screen.getByRole('radio', { name: /Schwarzes Brett/ });
    await waitFor(() => expect(bulletin).toHaveProperty('disabled', true));
    expect(screen.getByRole('radio', { name: /Privat/ })).toHaveProperty('checked', true);
    expect(screen.getByText('Mit einer privaten Sicherheits-App sind nur private Angebote möglich.')).toBeTruthy();
    expect(screen.getByText('Vermittlungsgebühr (0,50 %)')).toBeTruthy();
    await waitFor(() => expect(shown('transaction-total')).toBe('0,50 €'));
  });
});
