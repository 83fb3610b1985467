import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { type Family, type ScreenRef, screenHref } from '../config/paths';
import { familyOf } from '../lib/startup';
import { useShellStore } from '../stores/shell-store';

/** The route family on screen (or the detected platform on general routes). */
export const useFamily = (): Family => {
  const { pathname } = useLocation();
  const platform = useShellStore((state) => state.platform);
  return familyOf(pathname) ?? platform;
};

/** Builds hrefs in the current family: `href({ key: 'asset', params: { id } })`. */
export const useScreenHref = () => {
  const family = useFamily();
  return useCallback((ref: ScreenRef) => screenHref(family, ref), [family]);
};
