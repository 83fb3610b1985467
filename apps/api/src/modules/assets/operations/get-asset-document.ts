import type { Db } from '@bw/db';
import { renderPdf } from '@bw/domain';
import { AppError } from '../../../lib/app-error.js';
import { type AssetRow, findDocument } from '../assets.repo.js';
import { requireListedAsset } from './get-asset.js';

export type PdfFile = { fileName: string; content: Uint8Array };

const euro = (cents: bigint): string => {
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${(cents % 100n).toString().padStart(2, '0')} €`;
};

/** The authorization and buy-contract documents (spec section 7), rendered from the asset's current terms. */
export const contractPack = (row: AssetRow, createdOn: string): PdfFile => ({
  fileName: `vertrag-${row.id}.pdf`,
  content: renderPdf({
    title: `Vollmacht und Kaufvertrag: ${row.title}`,
    createdOn,
    paragraphs: [
      'Vollmacht',
      `Ich bevollmächtige die Plattform, in meinem Namen Anteile an ${row.title} (${row.spvName}, ${row.spvRegisterNumber}) zu erwerben und die dafür nötigen Erklärungen abzugeben.`,
      '',
      'Kaufvertrag',
      `Gegenstand: Anteile an ${row.spvName}, ${row.spvStreet}, ${row.spvPostalCode} ${row.spvCity}.`,
      `Preis je Anteil: ${euro(row.pricePerShareCents)}. Mindestzeichnung: ${row.minimumSubscriptionShares} Anteil(e).`,
      `Objekt: ${row.street} ${row.houseNumber}, ${row.postalCode} ${row.city}.`,
      'Der Kauf wird mit der Signatur in der Sicherheits-App wirksam; der Betrag wird danach vom Zahlungskonto abgebucht.',
      'Eine ordentliche Kündigung ist nach 15 Jahren möglich.',
    ],
  }),
});

/** GET /api/v1/assets/{id}/documents/: the contract pack, or one stored document with `?documentId`. */
export const getAssetDocument = async (db: Db, id: string, documentId: string | undefined): Promise<PdfFile> => {
  const row = await requireListedAsset(db, id);
  if (!documentId) return contractPack(row, (row.publishedAt ?? row.createdAt).toISOString().slice(0, 10));
  const doc = await findDocument(db, id, documentId);
  if (!doc) throw new AppError('DOCUMENT_NOT_FOUND');
  return { fileName: doc.fileName, content: doc.content };
};
