import { deATIdentification } from './catalogs/de-at-identification.js';
import { interpolate } from './translate.js';

export type LegalDocumentKind = keyof typeof deATIdentification.identificationDocuments;

/**
 * The German name of a legal document with the company it comes from (issue 34, ADR 0050):
 * "Rahmenvertrag für Zahlungsdienste – Mangopay S.A.". The PDFs, the documents list and the
 * signature read it here; the web app reads the same catalogue entry.
 */
export const legalDocumentTitle = (kind: LegalDocumentKind, provider: string): string =>
  interpolate(deATIdentification.identificationDocuments[kind], { provider });
