import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deATCore } from './catalogs/de-at.js';
import { deATFeatures } from './catalogs/de-at-features.js';
import { errorTexts } from './errors/index.js';
import { glossary } from './glossary.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Every text of a catalogue section tree. */
const textsOf = (tree: unknown): string[] =>
  typeof tree === 'string' ? [tree] : tree && typeof tree === 'object' ? Object.values(tree).flatMap(textsOf) : [];

/** A variant as a word of its own: `availableBricks` or `SecurityApp` are names, not words. */
const variantPattern = (variant: string) => new RegExp(`(?<![\\p{L}-])${variant}(?![\\p{L}])`, 'u');

const findVariants = (text: string): string[] =>
  glossary.flatMap((entry) => entry.avoid.filter((variant) => variantPattern(variant).test(text)));

/** Source files in German: not tests, not the English catalogue. */
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    if (!/\.(tsx?|html)$/.test(name) || /\.(test|spec)\.tsx?$/.test(name) || /^en[.-]/.test(name)) return [];
    return [path];
  });

/** Comments are for developers (and in English): only code and its strings are read. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

describe('glossary: one term per thing (issue 34)', () => {
  it('finds no avoided variant in the German catalogues and error texts', () => {
    const texts = [
      ...textsOf(deATCore),
      ...textsOf(deATFeatures),
      ...Object.values(errorTexts('de-AT')),
      ...Object.values(errorTexts('de-DE')),
    ];
    expect(texts.flatMap((text) => findVariants(text).map((variant) => `${variant}: ${text}`))).toEqual([]);
  });

  it('finds no avoided variant in the web app, the security app, the register page and the API', () => {
    const dirs = [
      'apps/web/src',
      'apps/security-app/src',
      'packages/register/src',
      'apps/api/src',
      'packages/i18n/src',
    ];
    const files = dirs.flatMap((dir) => sourceFiles(join(root, dir))).filter((path) => !path.endsWith('glossary.ts'));
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((path) => {
      const variants = findVariants(withoutComments(readFileSync(path, 'utf8')));
      return variants.map((variant) => `${relative(root, path)}: ${variant}`);
    });
    expect(found).toEqual([]);
  });

  it('sees a variant where there is one (the detector can fail)', () => {
    expect(findVariants('Kaufe 3 Bricks an der Börse, bestätige in der Security App')).toEqual([
      'Bricks',
      'Security App',
      'Börse',
    ]);
    expect(findVariants('availableBricks, SecurityApp, Schwarzes Brett, Sicherheits-App')).toEqual([]);
  });
});
