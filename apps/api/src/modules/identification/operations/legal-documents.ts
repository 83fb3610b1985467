import { DEFAULT_LEGAL_PROVIDERS, providerOfDocument, TERMS_KINDS, type TermsKind } from '@bw/contracts';
import type { Db } from '@bw/db';
import { renderPdf } from '@bw/domain';
import { legalDocumentTitle } from '@bw/i18n';
import { findPartnerByPartnerId, toAppConfig } from '../../partners/partners.repo.js';

/**
 * The partner's legal documents by name (issue 34, ADR 0050): each kind's German name with the
 * company the partner's config names for it (the platform's own providers when it names none).
 */
export const legalDocumentTitles = async (db: Db, partnerId: string): Promise<Record<TermsKind, string>> => {
  const partner = await findPartnerByPartnerId(db, partnerId);
  const providers = partner ? toAppConfig(partner).legalProviders : DEFAULT_LEGAL_PROVIDERS;
  return Object.fromEntries(
    TERMS_KINDS.map((kind) => [kind, legalDocumentTitle(kind, providerOfDocument(kind, providers))]),
  ) as Record<TermsKind, string>;
};

/** Fixed date, so the same partner and kind always give the same bytes (cacheable, testable). */
const DOCUMENT_DATE = '2026-01-01';

/** `GET /api/v1/identification/agreements/{kind}`: the partner's document of that kind as a real PDF. */
export const renderLegalDocument = async (db: Db, partnerId: string, kind: TermsKind): Promise<Uint8Array> => {
  const partnerName = (await findPartnerByPartnerId(db, partnerId))?.name ?? 'Brickwise';
  const title = (await legalDocumentTitles(db, partnerId))[kind];
  return renderPdf({
    title,
    createdOn: DOCUMENT_DATE,
    paragraphs: [
      `Dieses Dokument gehört zu den Vereinbarungen, die du bei ${partnerName} vor deiner ersten Investition annimmst und mit einer qualifizierten elektronischen Signatur unterschreibst.`,
      '',
      '1. Geltungsbereich. Diese Bedingungen gelten für die Nutzung der Plattform und den Erwerb von Anteilen an Immobilien und Kraftwerken.',
      '2. Identifizierung. Vor der ersten Investition bestätigst du deine Identität bei einem Identifizierungsanbieter. Deine Dokumente werden nur dafür verwendet.',
      '3. Signatur. Du unterschreibst mit deiner gezeichneten Unterschrift und einem Code, den wir dir per SMS schicken.',
      '4. Widerruf. Du kannst deine Zustimmung nach den gesetzlichen Bestimmungen widerrufen.',
      '',
      `Stand: 01.01.2026. ${title}.`,
    ],
  });
};
