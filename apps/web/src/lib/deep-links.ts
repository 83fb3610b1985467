import type { ScreenRef } from '../config/paths';

const marketplace: ScreenRef = { key: 'marketplace' };
const query = (name: string, value: string) => new URLSearchParams({ [name]: value }).toString();

/** Accepts a path, an https URL or an app-scheme URL (`brickwise://forum/5`) and returns its path segments. */
const deepLinkSegments = (link: string): string[] => {
  let path = link;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(link);
  if (scheme) {
    try {
      const url = new URL(link);
      const isWeb = url.protocol === 'https:' || url.protocol === 'http:';
      path = isWeb ? url.pathname : `${url.host}${url.pathname}`;
    } catch {
      return [];
    }
  }
  const withoutQuery = path.split(/[?#]/)[0] ?? '';
  const segments: string[] = [];
  for (const segment of withoutQuery.split('/')) {
    if (segment.length === 0) continue;
    try {
      segments.push(decodeURIComponent(segment));
    } catch {
      return [];
    }
  }
  return segments;
};

/**
 * Spec section 2, deep links. The table, in order:
 * register/{token} → register?verificationToken; password-reset/{token} → reset-password?passwordToken;
 * forum/{id} → asset/{id}; transaction/{id} → account?transaction={id}; asset(s)/{id}[/{sub}] → the
 * asset page; settings/{option} → settings?option; imprint → the imprint; anything else → marketplace.
 * The email-verification route verify/{token} continues the registration like register/{token}.
 */
export const resolveDeepLink = (link: string): ScreenRef => {
  const [head, first, second, ...rest] = deepLinkSegments(link);
  const extra = rest.length > 0;
  switch (head) {
    case 'register':
    case 'verify':
      return first && !second ? { key: 'register', search: query('verificationToken', first) } : marketplace;
    case 'password-reset':
      return first && !second ? { key: 'resetPassword', search: query('passwordToken', first) } : marketplace;
    case 'forum':
      return first && !second ? { key: 'asset', params: { id: first } } : marketplace;
    case 'transaction':
      return first && !second ? { key: 'account', search: query('transaction', first) } : marketplace;
    case 'asset':
    case 'assets':
      if (!first || extra) return marketplace;
      if (second === 'imprint-info') return { key: 'assetImprintInfo', params: { id: first } };
      return second
        ? { key: 'assetSubpage', params: { id: first, subpage: second } }
        : { key: 'asset', params: { id: first } };
    case 'settings':
      return first && !second ? { key: 'settings', search: query('option', first) } : marketplace;
    case 'imprint':
      return first ? marketplace : { key: 'imprintDetails' };
    default:
      return marketplace;
  }
};
