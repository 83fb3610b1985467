import {
  type Family,
  families,
  type GeneralRouteKey,
  paths,
  type ScreenKey,
  type ScreenRef,
  screenKeys,
  screenPattern,
} from '../config/paths';

const splitPath = (path: string): string[] => path.split('/').filter((segment) => segment.length > 0);

type Match = { readonly params: Record<string, string>; readonly staticSegments: number };

/** Matches a pattern like `asset/:id/imprint-info` against path segments. */
export const matchPattern = (pattern: string, segments: readonly string[]): Match | null => {
  const parts = splitPath(pattern);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  let staticSegments = 0;
  for (const [index, part] of parts.entries()) {
    const segment = segments[index] ?? '';
    if (part.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(segment);
      } catch {
        return null;
      }
      params[part.slice(1)] = value;
    } else if (part === segment) {
      staticSegments++;
    } else {
      return null;
    }
  }
  return { params, staticSegments };
};

/**
 * The screen a family-relative path shows, or null when the family has no such screen.
 * Static segments win over parameters (`asset/1/imprint-info` is the imprint, not a subpage).
 */
export const matchScreen = (family: Family, subpath: string, search = ''): ScreenRef | null => {
  const segments = splitPath(subpath);
  if (segments.length === 0) return { key: 'marketplace' };
  let best: { key: ScreenKey; match: Match } | null = null;
  for (const key of screenKeys) {
    const pattern = screenPattern(family, key);
    if (pattern === null) continue;
    const match = matchPattern(pattern, segments);
    if (match && (best === null || match.staticSegments > best.match.staticSegments)) best = { key, match };
  }
  if (best === null) return null;
  return { key: best.key, params: best.match.params, ...(search ? { search } : {}) };
};

export type ParsedLocation =
  | { readonly kind: 'root' }
  | { readonly kind: 'general'; readonly key: GeneralRouteKey; readonly params: Record<string, string> }
  | { readonly kind: 'screen'; readonly family: Family; readonly screen: ScreenRef | null }
  | { readonly kind: 'deepLink'; readonly path: string };

const generalKeys = Object.keys(paths.general) as GeneralRouteKey[];

/** What a location is: the initial screen, a general route, a family screen (null = unknown) or a deep link. */
export const parseLocation = (pathname: string, search = ''): ParsedLocation => {
  const segments = splitPath(pathname);
  if (segments.length === 0) return { kind: 'root' };
  const family = families.find((candidate) => paths.families[candidate] === `/${segments[0]}`);
  if (family) return { kind: 'screen', family, screen: matchScreen(family, segments.slice(1).join('/'), search) };
  for (const key of generalKeys) {
    if (key === 'root') continue;
    const match = matchPattern(paths.general[key], segments);
    if (match) return { kind: 'general', key, params: match.params };
  }
  return { kind: 'deepLink', path: `${pathname}${search}` };
};
