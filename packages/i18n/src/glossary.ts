/**
 * One term per thing (issue 34): the word a German investor reads for each concept, and the
 * variants that must not appear next to it. The spec's English name is given for reference; the
 * English catalogue keeps its own words. `glossary.test.ts` scans the German catalogues and the
 * sources of the web app, the security app, the register page and the API's German texts.
 */
export type GlossaryEntry = {
  /** The concept in the spec's words. */
  readonly concept: string;
  /** The German term, singular (and plural where it has one). */
  readonly term: readonly string[];
  /** Variants that mean the same and are not used. */
  readonly avoid: readonly string[];
};

export const glossary: readonly GlossaryEntry[] = [
  { concept: 'share (brick) of an asset', term: ['Anteil', 'Anteile'], avoid: ['Brick', 'Bricks'] },
  {
    concept: 'security app (signs every buy and sell)',
    term: ['Sicherheits-App'],
    avoid: ['Security App', 'Security-App', 'Sicherheitsapp', 'Signatur-App'],
  },
  {
    concept: 'financing phase (primary market, fixed price)',
    term: ['Finanzierungsphase'],
    avoid: ['Zeichnungsphase', 'Zeichnungsfrist', 'Emissionsphase'],
  },
  {
    concept: 'bulletin board (offers between investors)',
    term: ['Schwarzes Brett', 'Schwarzen Brett'],
    avoid: ['Börse', 'Pinnwand', 'Bulletin Board'],
  },
];
