import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '../../../lib/i18n';
import { FilterBar, parseFilter } from './filter-bar';

describe('<FilterBar> (spec section 2: the marketplace filters)', () => {
  beforeAll(async () => {
    await setupI18n('de-AT');
  });
  afterEach(cleanup);

  it('offers the twelve filters of the spec, the current one pressed', () => {
    render(<FilterBar value="liked" onChange={() => {}} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Alle',
      'Wohnen',
      'Gewerbe',
      'Industrie',
      'Projekt',
      'Vorverkauf',
      'Bestand',
      'Favoriten',
      'In Bau',
      'In Planung',
      'Installiert',
      'Am Netz',
    ]);
    expect(screen.getByRole('button', { name: 'Favoriten' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Alle' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('reports the chosen filter by its domain name', () => {
    const onChange = vi.fn();
    render(<FilterBar value="all" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Vorverkauf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Am Netz' }));
    expect(onChange.mock.calls).toEqual([['primaryMarket'], ['connectedToNetwork']]);
  });

  it('reads ?filter= leniently', () => {
    expect(parseFilter('stock')).toBe('stock');
    expect(parseFilter('nonsense')).toBe('all');
    expect(parseFilter(null)).toBe('all');
  });
});
