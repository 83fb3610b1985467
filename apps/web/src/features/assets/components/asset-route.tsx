import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { AssetLoading, useCachedSummary } from './asset-header';

const AssetPage = lazy(() => import('./detail/asset-page').then((module) => ({ default: module.AssetPage })));

/**
 * Every asset route of the three families (spec section 2). It is part of the shell: while the
 * page's own code loads (a lazy chunk the server announces with a module preload), the header with
 * title and photo shows from the cached list, as it does while the detail loads (issue 6).
 */
export const AssetRoute = () => {
  const summary = useCachedSummary(useParams().id ?? '');
  return (
    <Suspense fallback={<AssetLoading summary={summary} />}>
      <AssetPage />
    </Suspense>
  );
};
