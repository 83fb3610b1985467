import { describe, expect, it } from 'vitest';
import { renderPdf, wrapText } from './pdf-writer.js';

const latin1 = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

describe('pdf writer', () => {
  const doc = {
    title: 'Kaufvertrag – Wohnhaus Grätzl',
    paragraphs: ['Der Käufer erwirbt 10 Anteile zu je 100,00 € (Straße 1).', '', 'x '.repeat(3000)],
    createdOn: '2026-01-15',
  };

  it('writes a PDF whose cross-reference table points at every object', () => {
    const text = latin1(renderPdf(doc));
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const entries = [...text.slice(startxref).matchAll(/(\d{10}) 00000 n /g)].map((m) => Number(m[1]));
    entries.forEach((offset, i) => {
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    expect(text).toMatch(/\/Count [2-9]/); // long text spills onto more pages
  });

  it('encodes German characters in WinAnsi and escapes parentheses', () => {
    const text = latin1(renderPdf(doc));
    expect(text).toContain('K\xe4ufer');
    expect(text).toContain('100,00 \x80');
    expect(text).toContain('\\(Stra\xdfe 1\\)');
  });

  it('is reproducible', () => {
    expect(renderPdf(doc)).toEqual(renderPdf(doc));
  });

  it('wraps on word boundaries', () => {
    expect(wrapText('aa bb cc', 5)).toEqual(['aa bb', 'cc']);
  });
});
