import { describe, expect, it } from 'vitest';
import { screenHref } from '../../../../config/paths';
import { assetViewFor, tabRef, tabsForFamily } from './asset-tabs';

describe('asset tab routing (spec section 2: tabs and desktop sub-pages)', () => {
  it('lists every tab on the phones and the seven sub-pages minus imprint on desktop', () => {
    expect(tabsForFamily('app')).toHaveLength(9);
    expect(tabsForFamily('desktopWeb')).toEqual([
      'overview',
      'assetInfo',
      'investmentInfo',
      'location',
      'rentInfo',
      'records',
    ]);
  });

  it('links each tab to its own address in each family', () => {
    const hrefs = (family: 'mobileWeb' | 'desktopWeb') =>
      tabsForFamily(family).map((tab) => screenHref(family, tabRef(family, 'graz-1', tab)));
    expect(hrefs('mobileWeb')).toEqual([
      '/mobileWeb/asset/graz-1',
      '/mobileWeb/asset/graz-1/asset-info',
      '/mobileWeb/asset/graz-1/investment-details',
      '/mobileWeb/asset/graz-1/location-details',
      '/mobileWeb/asset/graz-1/rent-details',
      '/mobileWeb/asset/graz-1/asset-records',
      '/mobileWeb/asset/graz-1/documents',
      '/mobileWeb/asset/graz-1/my-investment',
      '/mobileWeb/asset/graz-1/forum',
    ]);
    expect(hrefs('desktopWeb')).toEqual([
      '/desktopWeb/asset/graz-1/details',
      '/desktopWeb/asset/graz-1/asset-info',
      '/desktopWeb/asset/graz-1/investment-details',
      '/desktopWeb/asset/graz-1/location-details',
      '/desktopWeb/asset/graz-1/rent-details',
      '/desktopWeb/asset/graz-1/asset-records',
    ]);
  });

  it('reads the view back from the matched route', () => {
    expect(assetViewFor('asset', undefined)).toEqual({ kind: 'tab', tab: 'overview' });
    expect(assetViewFor('assetSubpage', 'rent-details')).toEqual({ kind: 'tab', tab: 'rentInfo' });
    expect(assetViewFor('assetSubpage', 'details')).toEqual({ kind: 'tab', tab: 'overview' });
    expect(assetViewFor('assetSubpage', 'forum')).toEqual({ kind: 'tab', tab: 'forum' });
    expect(assetViewFor('assetSubpage', 'unknown')).toEqual({ kind: 'tab', tab: 'overview' });
    expect(assetViewFor('assetRecords', undefined)).toEqual({ kind: 'tab', tab: 'records' });
    expect(assetViewFor('assetImprintInfo', undefined)).toEqual({ kind: 'imprint' });
    expect(assetViewFor('assetSubpage', 'imprint-info')).toEqual({ kind: 'imprint' });
  });
});
