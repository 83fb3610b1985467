/** WCAG 2.2 AA: normal text needs a contrast of at least 4.5:1 against its background. */
export const WCAG_AA_CONTRAST_RATIO = 4.5;

const channel = (hex: string, offset: number): number => {
  const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return value <= 0.039_28 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2.2 relative luminance of a `#rrggbb` colour. */
export const relativeLuminance = (hex: string): number =>
  0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);

export const contrastRatio = (a: string, b: string): number => {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/**
 * The colour pairs of a partner theme that must be readable as they are: body text (navy900) on
 * white and on the light surface (navy100), error text on white. Brand and button label are
 * adapted by the app itself when unreadable (apps/web/src/lib/theme.ts), so they only warn.
 */
export const unreadableColorPairs = (colors: {
  navy100: string;
  navy900: string;
  systemError: string;
}): { foreground: string; background: string; ratio: number }[] =>
  [
    { foreground: colors.navy900, background: '#ffffff' },
    { foreground: colors.navy900, background: colors.navy100 },
    { foreground: colors.systemError, background: '#ffffff' },
  ]
    .map((pair) => ({ ...pair, ratio: contrastRatio(pair.foreground, pair.background) }))
    .filter((pair) => pair.ratio < WCAG_AA_CONTRAST_RATIO);
