import { TERMS_KINDS, type TermsKind } from '@bw/contracts';
import { type Db, queryRows } from '@bw/db';
import { documentFileName } from '@bw/i18n';
import { sql } from 'drizzle-orm';
import { strToU8, type Zippable, zipSync } from 'fflate';
import { isAppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import {
  collectTaxStatement,
  listTaxStatements,
  renderTaxStatementPdf,
} from '../../distributions/operations/tax-statement.js';
import { votingResultPdf } from '../../forum/operations/result-pdf.js';
import { legalDocumentTitles, renderLegalDocument } from '../../identification/operations/legal-documents.js';
import { buildHolderProof, type RegisterSigner } from '../../share-register/register-roots.js';
import { signedAgreements } from '../settings.repo.js';
import { collectPersonalRecords, EXCLUDED_TABLES } from './personal-records.js';

/**
 * The ZIP of "Meine Daten exportieren" (GDPR Art. 15 and 20, ADR 0051). Machine-readable JSON
 * (Art. 20) and the documents as the investor knows them (Art. 15): the same PDF generators and
 * register proof builder the app's downloads use.
 *
 *   LIESMICH.txt                       what is where, in German
 *   manifest.json                      format, user, time, every section with its count
 *   daten/<table>.json                 every record of the user, one file per table
 *   konto/buchungen.json               each of the user's ledger books: balance and every line
 *   konto/bestand.json                 shares per asset (free, held for offers, total)
 *   dokumente/vereinbarungen/*.pdf     the agreements signed
 *   dokumente/steuerbescheinigungen/*.pdf
 *   dokumente/abstimmungen/*.pdf       results of closed votings the user could vote in
 *   register/*.json                    the register proof per asset (brickwise.register.proof v1)
 */

export const DATA_EXPORT_FORMAT = 'brickwise.data-export';

export type BuiltArchive = { bytes: Buffer; sections: Record<string, number> };

type LedgerBook = {
  accountKey: string;
  kind: string;
  assetId: string | null;
  unit: string;
  balance: string;
  lines: {
    entryId: string;
    postingId: string;
    postingKind: string;
    transactionId: string | null;
    at: string;
    amount: string;
  }[];
};

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

const ledgerBooks = async (db: Db, userId: string): Promise<LedgerBook[]> => {
  const accounts = await queryRows<{
    id: string;
    account_key: string;
    kind: string;
    asset_id: string | null;
    unit: string;
    balance: string;
  }>(
    db,
    sql`SELECT id::text, account_key, kind, asset_id, unit, balance::text FROM ledger_accounts
      WHERE user_id = ${userId} ORDER BY account_key`,
  );
  const lines = await queryRows<{
    id: string;
    account_id: string;
    posting_id: string;
    kind: string;
    transaction_id: string | null;
    created_at: string | Date;
    amount: string;
  }>(
    db,
    sql`SELECT e.id::text, e.account_id::text, e.posting_id::text, p.kind, p.transaction_id::text, p.created_at, e.amount::text
      FROM ledger_entries e JOIN ledger_postings p ON p.id = e.posting_id
      JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.user_id = ${userId} ORDER BY e.id`,
  );
  return accounts.map((account) => ({
    accountKey: account.account_key,
    kind: account.kind,
    assetId: account.asset_id,
    unit: account.unit,
    balance: account.balance,
    lines: lines
      .filter((line) => line.account_id === account.id)
      .map((line) => ({
        entryId: line.id,
        postingId: line.posting_id,
        postingKind: line.kind,
        transactionId: line.transaction_id,
        at: new Date(line.created_at).toISOString(),
        amount: line.amount,
      })),
  }));
};

const holdingsOf = (books: LedgerBook[]) => {
  const byAsset = new Map<string, { assetId: string; free: bigint; held: bigint }>();
  for (const book of books) {
    if (!book.assetId || (book.kind !== 'user_shares' && book.kind !== 'user_shares_held')) continue;
    const holding = byAsset.get(book.assetId) ?? { assetId: book.assetId, free: 0n, held: 0n };
    if (book.kind === 'user_shares') holding.free += BigInt(book.balance);
    else holding.held += BigInt(book.balance);
    byAsset.set(book.assetId, holding);
  }
  return [...byAsset.values()].map((h) => ({
    assetId: h.assetId,
    freeShares: h.free.toString(),
    heldShares: h.held.toString(),
    shares: (h.free + h.held).toString(),
  }));
};

const isTermsKind = (kind: string): kind is TermsKind => (TERMS_KINDS as readonly string[]).includes(kind);

/** Closed votings of assets the user holds or could vote in (the result PDF's own rule decides). */
const votingsToReport = (db: Db, userId: string) =>
  queryRows<{ asset_id: string; id: string }>(
    db,
    sql`SELECT DISTINCT v.asset_id, v.id::text FROM votings v
      WHERE v.phase IN ('closed', 'expired') AND (
        EXISTS (SELECT 1 FROM voting_weights w WHERE w.voting_id = v.id AND w.user_id = ${userId})
        OR EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.user_id = ${userId} AND a.asset_id = v.asset_id
          AND a.kind IN ('user_shares', 'user_shares_held') AND a.balance > 0))
      ORDER BY 1, 2`,
  );

const LIESMICH = (createdAt: string, sections: Record<string, number>) =>
  [
    'Deine Daten bei uns (Art. 15 und Art. 20 DSGVO)',
    '',
    `Erstellt am ${createdAt} (UTC).`,
    '',
    'daten/          Jede Tabelle, in der wir Daten zu dir speichern, als JSON (eine Datei je Tabelle).',
    '                Geheimnisse wie Passwort-Hashes oder Einmal-Codes sind ersetzt durch',
    '                "[aus Sicherheitsgründen nicht enthalten]", Kennungen anderer Personen',
    '                (z. B. deiner Handelspartner) durch "[andere Person]".',
    'konto/          buchungen.json: jedes deiner Bücher (Geld in Cent, Anteile als Stückzahl) mit Saldo',
    '                und jeder Buchungszeile; die Zeilen eines Buchs ergeben zusammen seinen Saldo.',
    '                bestand.json: deine Anteile je Objekt.',
    'dokumente/      Deine Vereinbarungen, Steuerbescheinigungen und Abstimmungsergebnisse als PDF.',
    'register/       Dein Nachweis aus dem Anteilsregister je Objekt; prüfbar mit dem Prüfprogramm',
    '                unter /share-register/verify, ohne dass die Datei den Rechner verlässt.',
    'manifest.json   Was die Datei enthält, maschinenlesbar.',
    '',
    'Nicht enthalten: ' +
      Object.entries(EXCLUDED_TABLES)
        .map(([table, reason]) => `${table} (${reason})`)
        .join('; ') +
      '.',
    '',
    'Inhalt:',
    ...Object.entries(sections).map(([name, count]) => `  ${name}: ${count}`),
    '',
  ].join('\n');

/** Builds the whole ZIP in memory for one user (sizes of a retail investor's data: a few MB). */
export const buildDataExportArchive = async (
  db: Db,
  signer: RegisterSigner,
  user: SessionUser,
  now: Date,
): Promise<BuiltArchive> => {
  const files: Zippable = {};
  const sections: Record<string, number> = {};

  const records = await collectPersonalRecords(db, user.userId);
  for (const { table, rows } of records) {
    files[`daten/${table}.json`] = json({ table, rows });
    sections[`daten/${table}`] = rows.length;
  }

  const books = await ledgerBooks(db, user.userId);
  files['konto/buchungen.json'] = json({ books });
  sections['konto/buchungen'] = books.reduce((sum, book) => sum + book.lines.length, 0);
  const holdings = holdingsOf(books);
  files['konto/bestand.json'] = json({ holdings });
  sections['konto/bestand'] = holdings.length;

  let agreements = 0;
  const titles = await legalDocumentTitles(db, user.partnerId);
  for (const signature of await signedAgreements(db, user.userId)) {
    for (const kind of signature.documents.filter(isTermsKind)) {
      const date = (signature.signedAt ?? now).toISOString().slice(0, 10);
      files[`dokumente/vereinbarungen/${documentFileName(titles[kind], date)}`] = await renderLegalDocument(
        db,
        user.partnerId,
        kind,
      );
      agreements += 1;
    }
  }
  sections['dokumente/vereinbarungen'] = agreements;

  const statements = await listTaxStatements(db, user.userId);
  for (const year of statements.years) {
    files[`dokumente/steuerbescheinigungen/steuerbescheinigung-${year.year}.pdf`] = await renderTaxStatementPdf(
      await collectTaxStatement(db, user.userId, year.year),
      now,
    );
  }
  sections['dokumente/steuerbescheinigungen'] = statements.years.length;

  let votes = 0;
  for (const voting of await votingsToReport(db, user.userId)) {
    try {
      files[`dokumente/abstimmungen/abstimmung-${voting.asset_id}-${voting.id}.pdf`] = await votingResultPdf(db, user, {
        id: voting.asset_id,
        v: voting.id,
      });
      votes += 1;
    } catch (error) {
      // The result PDF's own rule: a voting the user may not read (not a holder then or now) is not theirs.
      if (!isAppError(error)) throw error;
    }
  }
  sections['dokumente/abstimmungen'] = votes;

  let proofs = 0;
  const assetsInRegister = await queryRows<{ asset_id: string }>(
    db,
    sql`SELECT DISTINCT asset_id FROM register_positions WHERE user_id = ${user.userId} ORDER BY asset_id`,
  );
  for (const { asset_id: assetId } of assetsInRegister) {
    try {
      const proof = await buildHolderProof(db, signer, { userId: user.userId, assetId, now });
      files[`register/registernachweis-${assetId}.json`] = json(proof);
      proofs += 1;
    } catch (error) {
      // REGISTER_NO_ENTRIES: no published root holds the user's entries yet (LIESMICH says roots are daily).
      if (!isAppError(error)) throw error;
    }
  }
  sections.register = proofs;

  const createdAt = now.toISOString();
  files['manifest.json'] = json({
    format: DATA_EXPORT_FORMAT,
    version: 1,
    userId: user.userId,
    createdAt,
    sections,
    excluded: EXCLUDED_TABLES,
  });
  files['LIESMICH.txt'] = strToU8(LIESMICH(createdAt, sections));
  const zipped = zipSync(files, { level: 6, mtime: now });
  return { bytes: Buffer.from(zipped), sections };
};
