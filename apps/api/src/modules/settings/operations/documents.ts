import { TERMS_KINDS, type TermsKind, type UserDocument, type UserDocumentList } from '@bw/contracts';
import type { Db } from '@bw/db';
import { listTaxStatements } from '../../distributions/operations/tax-statement.js';
import { legalDocumentTitles } from '../../identification/operations/legal-documents.js';
import { signedAgreements } from '../settings.repo.js';

const isTermsKind = (kind: string): kind is TermsKind => (TERMS_KINDS as readonly string[]).includes(kind);

/**
 * `GET /api/v1/user/documents` (issue 20): every agreement the user signed and every annual tax
 * statement of their distributions, newest first, each with the address that downloads it.
 */
export const listUserDocuments = async (db: Db, userId: string, partnerId: string): Promise<UserDocumentList> => {
  const [signatures, statements, titles] = await Promise.all([
    signedAgreements(db, userId),
    listTaxStatements(db, userId),
    legalDocumentTitles(db, partnerId),
  ]);
  const agreements: UserDocument[] = signatures.flatMap((signature) =>
    signature.documents.filter(isTermsKind).map((kind) => ({
      id: `agreement-${signature.id}-${kind}`,
      kind: 'agreement' as const,
      title: titles[kind],
      date: (signature.signedAt ?? new Date(0)).toISOString(),
      url: `/api/v1/identification/agreements/${kind}`,
    })),
  );
  const taxStatements: UserDocument[] = statements.years.map((year) => ({
    id: `tax-statement-${year.year}`,
    kind: 'taxStatement' as const,
    title: `Steuerbescheinigung ${year.year}`,
    date: new Date(Date.UTC(year.year, 11, 31)).toISOString(),
    url: year.url,
  }));
  return { documents: [...agreements, ...taxStatements].sort((a, b) => b.date.localeCompare(a.date)) };
};
