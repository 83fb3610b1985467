import { describe, expect, it } from 'vitest';
import { en } from './catalogs/en.js';
import { germanCatalogs as catalogs, deAT } from './catalogs/german-catalogs.js';
import { loadCatalog, loadFeatureCatalog, resolveLocale } from './locales.js';

describe('resolveLocale', () => {
  it.each([
    ['de-AT', 'de-AT'],
    ['de', 'de-AT'],
    ['de-DE', 'de-DE'],
    ['de-de', 'de-DE'],
    ['de-CH', 'de-CH'],
    ['de-LU', 'de-AT'],
    ['en-US', 'en'],
    ['fr-FR', 'en'],
    [undefined, 'en'],
  ] as const)('%s → %s', (tag, expected) => {
    expect(resolveLocale(tag)).toBe(expected);
  });
});

describe('catalogs', () => {
  it('de-DE and de-CH keep every de-AT key and only change their overlay', () => {
    expect(catalogs['de-DE'].nav.marketplace).toBe(deAT.nav.marketplace);
    expect(catalogs['de-DE'].routes.continueOnMobile).toBe('Auf dem Smartphone weitermachen');
    expect(catalogs['de-CH'].common.close).toBe('Schliessen');
    expect(catalogs['de-AT'].common.close).toBe('Schließen');
  });

  it('Swiss texts never contain ß', () => {
    const swiss = Object.values(catalogs['de-CH']).flatMap((section) => Object.values(section));
    const withSharpS = swiss.filter((text) => text.includes('ß'));
    expect(withSharpS).toEqual([]);
  });

  it('loads English on demand, German in two parts that together are the whole catalog', async () => {
    expect((await loadCatalog('en')).nav.marketplace).toBe('Marketplace');
    expect(await loadFeatureCatalog('en')).toEqual({});
    for (const locale of ['de-AT', 'de-DE', 'de-CH'] as const) {
      const shell = await loadCatalog(locale);
      const features = await loadFeatureCatalog(locale);
      expect(Object.keys(shell)).not.toContain('trading');
      expect({ ...shell, ...features }).toEqual(catalogs[locale]);
    }
  });

  it('English has the same keys as de-AT', () => {
    const keys = (catalog: object) =>
      Object.entries(catalog).flatMap(([section, entries]) => Object.keys(entries).map((key) => `${section}.${key}`));
    expect(keys(en).sort()).toEqual(keys(deAT).sort());
  });

  it("keeps the spec's English quotes verbatim in the English catalog and shows German in the German one", () => {
    expect(en.networkError.title).toBe('You are offline!');
    expect(en.networkError.toast).toBe('Please check your internet connection');
    expect(en.notFound.title).toBe("Sorry this page doesn't exist any more");
    expect(deAT.networkError.title).toBe('Du bist offline!');
    expect(deAT.networkError.toast).toBe('Bitte prüf deine Internetverbindung.');
    expect(deAT.notFound.title).toBe('Diese Seite gibt es leider nicht mehr.');
  });

  it('keeps the English quotes of issue 20 in the English catalog and shows German in the German one', () => {
    expect(en.updateApp.title).toBe('Time for an update!');
    expect(deAT.updateApp.title).toBe('Zeit für ein Update!');
    expect(en.trading.appropriatenessContinue).toBe('Continue purchase');
    expect(deAT.trading.appropriatenessContinue).toBe('Kauf fortsetzen');
    expect(en.trading.aboveAvailable).toBe('Not that many shares are available.');
    expect(deAT.trading.aboveAvailable).toBe('So viele Anteile sind nicht verfügbar.');
  });
});
