import type { assetDocuments, assetRecords } from '@bw/db';
import { renderPdf } from '@bw/domain';
import { deATCore, documentFileName } from '@bw/i18n';
import type { AssetSeed } from './assets-catalogue.js';

type RecordSeed = typeof assetRecords.$inferInsert;
type DocumentSeed = typeof assetDocuments.$inferInsert;

const MS_PER_DAY = 86_400_000;
const day = (now: Date, daysAgo: number): string =>
  new Date(now.getTime() - daysAgo * MS_PER_DAY).toISOString().slice(0, 10);

const euro = (cents: bigint | null | undefined): string => {
  const value = cents ?? 0n;
  const whole = (value / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${(value % 100n).toString().padStart(2, '0')} €`;
};
const percent = (bps: number | null | undefined): string => `${((bps ?? 0) / 100).toFixed(2).replace('.', ',')} %`;

const isPlant = (asset: AssetSeed): boolean => asset.powerPlantType != null;

/** The asset's diary (launchpad records), dated relative to the seed day. */
export const assetRecordSeeds = (asset: AssetSeed, now: Date): RecordSeed[] => {
  const entries: [number, string, string, string][] = isPlant(asset)
    ? [
        [300, 'milestone', 'Finanzierung abgeschlossen', `Alle Anteile an ${asset.title} wurden gezeichnet.`],
        [200, 'construction', 'Montage abgeschlossen', 'Module bzw. Anlagen sind montiert und abgenommen.'],
        [90, 'operation', 'Wartung durchgeführt', 'Die jährliche Wartung ergab keine Mängel.'],
        [20, 'distribution', 'Ausschüttung angekündigt', 'Die nächste Ausschüttung wird zum Quartalsende ausgezahlt.'],
      ]
    : [
        [320, 'milestone', 'Objekt übernommen', `Die Gesellschaft hat ${asset.title} übernommen.`],
        [180, 'tenant', 'Neuer Mietvertrag', 'Eine frei gewordene Einheit wurde zu einer höheren Miete neu vermietet.'],
        [60, 'maintenance', 'Instandhaltung', 'Die Fassade wurde gereinigt und die Dachrinnen erneuert.'],
        [10, 'distribution', 'Mieteingang bestätigt', 'Alle Mieten des Vormonats sind eingegangen.'],
      ];
  return entries.map(([daysAgo, kind, title, body], index) => ({
    id: `${asset.id}-r${index + 1}`,
    assetId: asset.id,
    recordedOn: day(now, daysAgo),
    kind,
    title,
    body,
    imageUrl: index === 1 ? (asset.images?.[0] ?? null) : null,
  }));
};

const facts = (asset: AssetSeed): string[] => [
  `Objekt: ${asset.title}, ${asset.street} ${asset.houseNumber}, ${asset.postalCode} ${asset.city}`,
  `Emittentin: ${asset.spvName}, ${asset.spvStreet}, ${asset.spvPostalCode} ${asset.spvCity} (${asset.spvRegisterNumber})`,
  `Preis je Anteil: ${euro(asset.pricePerShareCents)}; Anteile gesamt: ${asset.totalShares}`,
  `Erwartete laufende Ausschüttung p. a.: ${percent(asset.expectedOngoingDistributionBps)}`,
];

/** Exposé, key information sheet and an energy certificate or yield report: real PDFs with German text. */
export const assetDocumentSeeds = (asset: AssetSeed, now: Date): DocumentSeed[] => {
  const createdOn = day(now, 30);
  const docs: [string, string, string[]][] = [
    ['expose', 'Exposé', [asset.description ?? '', '', ...facts(asset)]],
    [
      'keyInformation',
      'Basisinformationsblatt',
      [
        'Dieses Dokument informiert dich über die wesentlichen Merkmale und Risiken dieser Veranlagung.',
        '',
        ...facts(asset),
        '',
        'Risiko: Ein Totalverlust des eingesetzten Kapitals ist möglich. Vergangene Wertentwicklungen sind kein verlässlicher Indikator für künftige Ergebnisse.',
      ],
    ],
    isPlant(asset)
      ? [
          'yieldReport',
          'Ertragsgutachten',
          [
            `Erwartete Jahresproduktion: ${(asset.expectedAnnualProductionKwh ?? 0).toLocaleString('de-AT')} kWh`,
            `Leistung: ${(asset.peakPowerKw ?? 0).toLocaleString('de-AT')} kW`,
            'Das Gutachten beruht auf langjährigen Wetterdaten des Standorts.',
          ],
        ]
      : [
          'energyCertificate',
          'Energieausweis',
          [
            `Gebäude: ${asset.buildingType ?? 'Wohngebäude'}, Baujahr ${asset.constructionYear ?? 'k. A.'}`,
            `Heizung: ${asset.heatingType ? deATCore.heatingTypes[asset.heatingType] : 'k. A.'}`,
            'Heizwärmebedarf und Gesamtenergieeffizienz laut Ausweis des Ziviltechnikers.',
          ],
        ],
  ];
  return docs.map(([kind, title, paragraphs], index) => ({
    id: `${asset.id}-d${index + 1}`,
    assetId: asset.id,
    kind,
    title,
    fileName: documentFileName(title, asset.id),
    content: renderPdf({ title: `${title}: ${asset.title}`, paragraphs, createdOn }),
    sortOrder: index,
  }));
};
