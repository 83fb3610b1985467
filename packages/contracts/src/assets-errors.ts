/** Assets, marketplace, likes, launchpad and short links (issue 6); merged into `errorCatalog` in errors.ts. */
export const assetErrors = {
  ASSET_NOT_FOUND: { status: 404, message: 'Dieses Objekt gibt es nicht.' },
  DOCUMENT_NOT_FOUND: { status: 404, message: 'Dieses Dokument gibt es nicht.' },
  ENERGY_DATA_NOT_AVAILABLE: { status: 404, message: 'Für dieses Objekt gibt es keine Energiedaten.' },
  SHORT_LINK_NOT_FOUND: { status: 404, message: 'Diesen Link gibt es nicht.' },
  SHORT_LINK_FAILED: {
    status: 503,
    message: 'Der Link zum Teilen konnte gerade nicht erstellt werden. Bitte versuche es gleich nochmal.',
  },
} as const;
