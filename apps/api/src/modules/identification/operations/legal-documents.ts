import type { TermsKind } from '@bw/contracts';
import type { Db } from '@bw/db';
import { renderPdf } from '@bw/domain';
import { findPartnerByPartnerId } from '../../partners/partners.repo.js';

/** The title of each legal document kind (spec section 3, Legal document kinds). */
export const LEGAL_DOCUMENT_TITLES: Record<TermsKind, string> = {
  productProvider: 'Vertragsbedingungen des Produktanbieters',
  customerInformation: 'Kundeninformation',
  identityProvider: 'Nutzungsbedingungen des Identifizierungsanbieters',
  energyProvider: 'Bedingungen des Energieanbieters',
  paymentProvider: 'Bedingungen des Zahlungsdienstleisters',
  furtherProvider: 'Bedingungen des weiteren Anbieters',
  furtherProviderPrivacy: 'Datenschutzhinweise des weiteren Anbieters',
};

/** Fixed date, so the same partner and kind always give the same bytes (cacheable, testable). */
const DOCUMENT_DATE = '2026-01-01';

/** `GET /api/v1/identification/agreements/{kind}`: the partner's document of that kind as a real PDF. */
export const renderLegalDocument = async (db: Db, partnerId: string, kind: TermsKind): Promise<Uint8Array> => {
  const partnerName = (await findPartnerByPartnerId(db, partnerId))?.name ?? 'Brickwise';
  const title = LEGAL_DOCUMENT_TITLES[kind];
  return renderPdf({
    title: `${partnerName}: ${title}`,
    createdOn: DOCUMENT_DATE,
    paragraphs: [
      `Dieses Dokument gehört zu den Vereinbarungen, die du bei ${partnerName} vor deiner ersten Investition annimmst und mit einer qualifizierten elektronischen Signatur unterschreibst.`,
      '',
      '1. Geltungsbereich. Diese Bedingungen gelten für die Nutzung der Plattform und den Erwerb von Anteilen an Immobilien und Kraftwerken.',
      '2. Identifizierung. Vor der ersten Investition bestätigst du deine Identität bei einem Identifizierungsanbieter. Deine Dokumente werden nur dafür verwendet.',
      '3. Signatur. Du unterschreibst mit deiner gezeichneten Unterschrift und einem Code, den wir dir per SMS schicken.',
      '4. Widerruf. Du kannst deine Zustimmung nach den gesetzlichen Bestimmungen widerrufen.',
      '',
      `Stand: 01.01.2026. Dokumentart: ${title}.`,
    ],
  });
};
