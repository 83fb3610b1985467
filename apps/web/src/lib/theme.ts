import type { PartnerColors } from '@bw/contracts';
import { contrastRatio, relativeLuminance, WCAG_AA_CONTRAST_RATIO } from '@bw/domain';

/** Only `#rrggbb` may become a CSS value: nothing else can reach the style sheet (no `;`, `url(`, `}`). */
const HEX_COLOR = /^#[0-9a-f]{6}$/i;
export const isHexColor = (value: unknown): value is string => typeof value === 'string' && HEX_COLOR.test(value);

const colorNames = [
  'brand',
  'primary',
  'systemSuccess',
  'systemError',
  'highlight',
  'navy100',
  'navy300',
  'navy500',
  'navy700',
  'navy900',
  'ctaLabel',
] as const satisfies readonly (keyof PartnerColors)[];

/** Neutral look used until (or when) no partner config is available. */
export const fallbackColors: PartnerColors = {
  brand: '#1f4b99',
  primary: '#1f4b99',
  systemSuccess: '#1a7f4b',
  systemError: '#b3261e',
  highlight: '#f2b705',
  navy100: '#eef1f6',
  navy300: '#c3ccdb',
  navy500: '#6b7a93',
  navy700: '#36445c',
  navy900: '#121c2d',
  ctaLabel: '#ffffff',
};

export { contrastRatio, relativeLuminance };

const WHITE = '#ffffff';
const INK = '#0b1220';

/** The better of white and near-black on a background. */
const bestInk = (background: string): string =>
  contrastRatio(WHITE, background) >= contrastRatio(INK, background) ? WHITE : INK;

/**
 * Text on the brand colour: the partner's call-to-action label colour when it is readable
 * (WCAG AA 4.5:1), otherwise white or near-black, whichever reads better (docs/style.md).
 */
export const labelOnBrand = (brand: string, ctaLabel: string): string =>
  contrastRatio(ctaLabel, brand) >= WCAG_AA_CONTRAST_RATIO ? ctaLabel : bestInk(brand);

/** Brand colour used as text on white (links, active tab): the brand if readable, else the darkest navy. */
export const brandAsText = (brand: string, navy900: string): string =>
  contrastRatio(brand, WHITE) >= WCAG_AA_CONTRAST_RATIO ? brand : navy900;

export type ThemeVariables = Readonly<Record<`--bw-${string}`, string>>;

/**
 * Spec section 3 / docs/style.md "theme as data": validated partner colours → CSS custom properties.
 * An invalid colour string falls back to the neutral colour of the same name instead of reaching CSS.
 */
export const themeVariables = (colors: Readonly<Record<string, unknown>> | null | undefined): ThemeVariables => {
  const safe: Record<string, string> = {};
  for (const name of colorNames) {
    const value = colors?.[name];
    safe[name] = isHexColor(value) ? value.toLowerCase() : fallbackColors[name];
  }
  const brand = safe.brand ?? fallbackColors.brand;
  const navy900 = safe.navy900 ?? fallbackColors.navy900;
  const vars: Record<`--bw-${string}`, string> = {};
  for (const [name, value] of Object.entries(safe)) vars[`--bw-${kebab(name)}`] = value;
  vars['--bw-on-brand'] = labelOnBrand(brand, safe.ctaLabel ?? fallbackColors.ctaLabel);
  vars['--bw-brand-text'] = brandAsText(brand, navy900);
  return vars;
};

const kebab = (name: string): string => name.replace(/([a-z])([A-Z0-9])/g, '$1-$2').toLowerCase();

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i;

/**
 * The partner icon as a URL that is safe for `<img src>` and `<link rel=icon>`: http(s) (absolute or
 * relative to the page) or an inline image. Anything else (javascript:, blob:, garbage) is dropped.
 */
export const safeIconUrl = (value: string | null | undefined, baseUrl: string): string | null => {
  if (!value) return null;
  if (DATA_IMAGE.test(value)) return value;
  try {
    const url = new URL(value, baseUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};
