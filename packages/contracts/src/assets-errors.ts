/** Assets, marketplace, likes, launchpad and short links (issue 6); merged into `errorCatalog` in errors.ts. */
export const assetErrors = {
  ASSET_NOT_FOUND: { status: 404 },
  DOCUMENT_NOT_FOUND: { status: 404 },
  ENERGY_DATA_NOT_AVAILABLE: { status: 404 },
  SHORT_LINK_NOT_FOUND: { status: 404 },
  SHORT_LINK_FAILED: { status: 503 },
} as const;
