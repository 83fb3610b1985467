import { paths, type ScreenKey, type ScreenRef, screenKeys } from '../../../config/paths';

/**
 * A notification's `link` is a screen path of the mobile families (`investment/{id}`, `account`,
 * ADR 0026). This finds the screen it names, so the inbox links to the same screen in the family
 * on screen (`screenHref` applies each family's pattern and fallback). Unknown paths give null.
 */
export const screenRefOfLink = (link: string | null): ScreenRef | null => {
  if (!link) return null;
  const segments = link.split('?')[0]?.split('/') ?? [];
  if (segments.some((segment) => segment === '')) return null;
  for (const key of screenKeys) {
    const pattern = paths.screens[key].mobile;
    if (!pattern) continue;
    const parts = pattern.split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, index) => {
      const segment = segments[index] ?? '';
      if (!part.startsWith(':')) return part === segment;
      params[part.slice(1)] = decodeURIComponent(segment);
      return true;
    });
    if (matches) return Object.keys(params).length > 0 ? { key, params } : { key };
  }
  return null;
};

/** The label of the link to a notification's screen; screens without their own say "Öffnen". */
const openLabels = {
  account: 'inbox.openAccount',
  investment: 'inbox.openInvestment',
  investments: 'inbox.openInvestments',
  trading: 'inbox.openTrading',
  identification: 'inbox.openIdentification',
  knowledgeAndExperience: 'inbox.openKnowledgeAndExperience',
  assetSubpage: 'inbox.openAssetSubpage',
  settings: 'inbox.openSettings',
} as const satisfies Partial<Record<ScreenKey, string>>;

export type OpenLabelKey = (typeof openLabels)[keyof typeof openLabels] | 'inbox.open';

export const openLabelOf = (key: ScreenKey): OpenLabelKey =>
  (openLabels as Partial<Record<ScreenKey, OpenLabelKey>>)[key] ?? 'inbox.open';
