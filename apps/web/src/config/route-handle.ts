import type { Catalog } from '@bw/i18n';
import type { ScreenKey } from './paths';

/** Route metadata: the title (spec section 2: "the page title is set to the route name"). */
export type RouteHandle = {
  readonly title: keyof Catalog['routes'];
  readonly screen?: ScreenKey;
  /** Full-screen flows without header and tab bar (intro slides, partner selection, update). */
  readonly bare?: boolean;
};
