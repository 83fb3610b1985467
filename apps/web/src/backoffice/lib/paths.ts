/** Every back-office route, once (docs/style.md: one paths object). */
export const BACKOFFICE_BASE = '/backoffice';

export const boPaths = {
  login: `${BACKOFFICE_BASE}/anmelden`,
  invitation: (token: string) => `${BACKOFFICE_BASE}/einladung/${encodeURIComponent(token)}`,
  dashboard: BACKOFFICE_BASE,
  overview: `${BACKOFFICE_BASE}/uebersicht`,
  assets: `${BACKOFFICE_BASE}/objekte`,
  newAsset: `${BACKOFFICE_BASE}/objekte/neu`,
  asset: (id: string) => `${BACKOFFICE_BASE}/objekte/${encodeURIComponent(id)}`,
  templates: `${BACKOFFICE_BASE}/vorlagen`,
  investors: `${BACKOFFICE_BASE}/investoren`,
  investor: (id: string) => `${BACKOFFICE_BASE}/investoren/${encodeURIComponent(id)}`,
  kyc: `${BACKOFFICE_BASE}/identifizierungen`,
  money: `${BACKOFFICE_BASE}/geld`,
  distributions: `${BACKOFFICE_BASE}/ausschuettungen`,
  shareRegister: `${BACKOFFICE_BASE}/anteilsregister`,
  forumModeration: `${BACKOFFICE_BASE}/forum-moderation`,
  partners: `${BACKOFFICE_BASE}/partner`,
  partner: (appId: string) => `${BACKOFFICE_BASE}/partner/${encodeURIComponent(appId)}`,
  bonusCodes: `${BACKOFFICE_BASE}/bonus-codes`,
  affiliates: `${BACKOFFICE_BASE}/affiliates`,
  support: `${BACKOFFICE_BASE}/support`,
  audit: `${BACKOFFICE_BASE}/protokoll`,
  staff: `${BACKOFFICE_BASE}/team`,
} as const;
