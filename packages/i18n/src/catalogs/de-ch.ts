import type { CatalogOverlay } from './de-at.js';

/** Switzerland: Swiss Standard German writes "ss" where Austria and Germany write "ß". */
export const deCHOverlay = {
  common: {
    close: 'Schliessen',
  },
  routes: {
    finishExternalAuth: 'Anmeldung abschliessen',
  },
  sheet: {
    handle: 'Zum Schliessen nach unten ziehen',
  },
} as const satisfies CatalogOverlay;
