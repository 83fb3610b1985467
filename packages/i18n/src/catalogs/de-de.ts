import type { CatalogOverlay } from './de-at.js';

/** Germany: only the words that differ from Austrian usage. */
export const deDEOverlay = {
  routes: {
    continueOnMobile: 'Auf dem Smartphone weitermachen',
  },
  networkError: {
    text: 'Prüfe deine Internetverbindung. Sobald du wieder online bist, geht es automatisch weiter.',
  },
  transactionStates: {
    paymentMissing: 'Zahlung ausstehend',
  },
  marketplace: {
    errorText: 'Prüfe deine Verbindung und versuche es nochmal.',
  },
} as const satisfies CatalogOverlay;
