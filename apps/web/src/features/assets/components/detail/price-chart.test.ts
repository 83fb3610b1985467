import { describe, expect, it } from 'vitest';
import { chartPaths } from './price-chart';

describe('price chart paths', () => {
  it('draws one day of prices as a level line across the chart', () => {
    const paths = chartPaths([{ date: '2026-11-22', price: 10_000, average: 10_000 }]);
    expect(paths.price).toBe('M8,104.0L632,104.0');
    expect(paths.average).toBe('M8,104.0L632,104.0');
  });

  it('draws several days from the left edge to the right edge, higher prices higher up', () => {
    const paths = chartPaths([
      { date: '2026-11-20', price: 9_000, average: 9_000 },
      { date: '2026-11-21', price: 11_000, average: 10_000 },
    ]);
    expect(paths.price).toBe('M8.0,196.0L632.0,12.0');
    expect(paths.average).toBe('M8.0,196.0L632.0,104.0');
  });
});
