import { describe, expect, it } from 'vitest';
import { contrastRatio, fallbackColors, isHexColor, labelOnBrand, safeIconUrl, themeVariables } from './theme';

describe('partner theme (docs/style.md: theme as data, validated)', () => {
  const colors = { ...fallbackColors, brand: '#0F766E', ctaLabel: '#ffffff' };

  it('turns colours into --bw-* custom properties', () => {
    const vars = themeVariables(colors);
    expect(vars['--bw-brand']).toBe('#0f766e');
    expect(vars['--bw-navy-900']).toBe(fallbackColors.navy900);
    expect(vars['--bw-cta-label']).toBe('#ffffff');
    expect(vars['--bw-on-brand']).toBe('#ffffff');
  });

  it.each([
    'red; background: url(https://evil.example/x)',
    '#fff',
    '#12345g',
    'rgb(0,0,0)',
    '#0f766e; }',
    'expression(alert(1))',
  ])('rejects %s, keeping the neutral colour instead', (value) => {
    expect(isHexColor(value)).toBe(false);
    expect(themeVariables({ ...colors, brand: value })['--bw-brand']).toBe(fallbackColors.brand);
  });

  it('copes with a missing or non-object colour set', () => {
    expect(themeVariables(null)['--bw-brand']).toBe(fallbackColors.brand);
    expect(themeVariables({ brand: 42 })['--bw-brand']).toBe(fallbackColors.brand);
  });

  it('uses the call-to-action label colour on the brand when it is readable', () => {
    expect(labelOnBrand('#e8a33d', '#1c1917')).toBe('#1c1917');
  });

  it('replaces an unreadable label colour by the better of white and near-black (WCAG AA)', () => {
    const label = labelOnBrand('#e8a33d', '#ffffff');
    expect(label).not.toBe('#ffffff');
    expect(contrastRatio(label, '#e8a33d')).toBeGreaterThanOrEqual(4.5);
    expect(labelOnBrand('#0b3d91', '#0b3d92')).toBe('#ffffff');
  });

  it('keeps brand-coloured text readable on white', () => {
    const vars = themeVariables({ ...colors, brand: '#e8a33d', navy900: '#1c1917' });
    expect(vars['--bw-brand-text']).toBe('#1c1917');
    expect(themeVariables(colors)['--bw-brand-text']).toBe('#0f766e');
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1);
  });
});

describe('safeIconUrl', () => {
  const base = 'https://app.example/app/marketplace';

  it('accepts http(s), page-relative paths and inline images', () => {
    expect(safeIconUrl('/static/partners/a.svg', base)).toBe('https://app.example/static/partners/a.svg');
    expect(safeIconUrl('https://cdn.example/i.png', base)).toBe('https://cdn.example/i.png');
    expect(safeIconUrl('data:image/png;base64,AAAA', base)).toBe('data:image/png;base64,AAAA');
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>', 'blob:https://x/1', '', null])('drops %s', (value) => {
    expect(safeIconUrl(value, base)).toBeNull();
  });
});
