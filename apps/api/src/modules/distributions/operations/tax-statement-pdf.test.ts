import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderTaxStatementPdf, type TaxStatement } from './tax-statement.js';

const taxes = { KapESt: 0n, KESt: 2750n, Kirchensteuer: 0n, Soli: 0n };
const statement: TaxStatement = {
  year: 2026,
  investor: { name: 'Anna Berger', email: 'anna@example.com' },
  assets: [
    {
      assetId: 'pv-landshut-agri',
      title: 'PV Landshut',
      periods: ['2026-Q3', '2026-Q4'],
      grossCents: 10000n,
      netCents: 7250n,
      taxes,
    },
  ],
  totals: { grossCents: 10000n, netCents: 7250n, taxes },
};

describe('tax statement PDF: German formats (issues 34 and 35)', () => {
  it('prints "Erstellt am 07.12.2026" and the periods as quarters, no ISO date or period key', async () => {
    const bytes = await renderTaxStatementPdf(statement, new Date('2026-12-07T09:30:00Z'));
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain('Erstellt am 07.12.2026');
    expect(text).toContain('Ausschüttungszeiträume: 3. Quartal 2026, 4. Quartal 2026');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|\d{4}-Q\d/);
  });
});
