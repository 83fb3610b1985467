import type { TaxStatementList } from '@bw/contracts';
import { type Db, type TaxLine, users } from '@bw/db';
import { type TaxType, taxTypes } from '@bw/domain';
import { formatDate, formatPeriodKey } from '@bw/i18n';
import fontkit from '@pdf-lib/fontkit';
import { eq } from 'drizzle-orm';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { AppError } from '../../../lib/app-error.js';
import { pdfFontBytes } from '../../../lib/pdf-fonts.js';
import { formatEuroCents } from '../../payments/payments.repo.js';
import { paymentsOfYear, yearsWithPayments } from '../distributions.repo.js';

/**
 * The investor's annual tax statement (issue 22): every distribution received in a calendar year
 * (income counts when received), per asset the gross income, each tax withheld and the net paid,
 * with totals in the terms of the Austrian E 1kv and the German Anlage KAP. A real PDF (pdf-lib)
 * with DejaVu Sans embedded (subset), so umlauts and ß print in any viewer.
 */
export type StatementAsset = {
  assetId: string;
  title: string;
  periods: string[];
  grossCents: bigint;
  netCents: bigint;
  taxes: Record<TaxType, bigint>;
};
export type TaxStatement = {
  year: number;
  investor: { name: string; email: string };
  assets: StatementAsset[];
  totals: { grossCents: bigint; netCents: bigint; taxes: Record<TaxType, bigint> };
};

const zeroTaxes = (): Record<TaxType, bigint> => ({ KapESt: 0n, KESt: 0n, Kirchensteuer: 0n, Soli: 0n });
const taxOf = (lines: TaxLine[]): bigint => lines.reduce((sum, line) => sum + BigInt(line.amountCents), 0n);

export const collectTaxStatement = async (db: Db, userId: string, year: number): Promise<TaxStatement> => {
  const payments = await paymentsOfYear(db, userId, year);
  if (payments.length === 0) throw new AppError('TAX_STATEMENT_NOT_FOUND');
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  const byAsset = new Map<string, StatementAsset>();
  const totals = { grossCents: 0n, netCents: 0n, taxes: zeroTaxes() };
  for (const payment of payments) {
    const assetId = payment.assetId ?? '';
    const entry = byAsset.get(assetId) ?? {
      assetId,
      title: payment.title ?? assetId,
      periods: [],
      grossCents: 0n,
      netCents: 0n,
      taxes: zeroTaxes(),
    };
    const gross = payment.netCents + taxOf(payment.taxLines);
    entry.grossCents += gross;
    entry.netCents += payment.netCents;
    totals.grossCents += gross;
    totals.netCents += payment.netCents;
    if (payment.fiscalPeriod && !entry.periods.includes(payment.fiscalPeriod)) entry.periods.push(payment.fiscalPeriod);
    for (const line of payment.taxLines) {
      entry.taxes[line.taxType] += BigInt(line.amountCents);
      totals.taxes[line.taxType] += BigInt(line.amountCents);
    }
    byAsset.set(assetId, entry);
  }
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return {
    year,
    investor: { name: name || (user?.email ?? ''), email: user?.email ?? '' },
    assets: [...byAsset.values()].sort((a, b) => a.title.localeCompare(b.title, 'de')),
    totals,
  };
};

export const listTaxStatements = async (db: Db, userId: string): Promise<TaxStatementList> => {
  const years = await yearsWithPayments(db, userId);
  const list = [];
  for (const year of years) {
    const statement = await collectTaxStatement(db, userId, year);
    const tax = Object.values(statement.totals.taxes).reduce((a, b) => a + b, 0n);
    list.push({
      year,
      gross: statement.totals.grossCents.toString(),
      tax: tax.toString(),
      net: statement.totals.netCents.toString(),
      url: `/api/v1/user/taxStatements/${year}`,
    });
  }
  return { years: list };
};

const TAX_LABELS: Record<TaxType, string> = {
  KESt: 'KESt (27,5 %)',
  KapESt: 'Kapitalertragsteuer',
  Soli: 'Solidaritätszuschlag',
  Kirchensteuer: 'Kirchensteuer',
};

const fontBytes = pdfFontBytes;

const NAVY = rgb(0.09, 0.13, 0.27);
const GREY = rgb(0.35, 0.38, 0.45);

/** Draws the statement on A4 pages; a new page when the list runs long. */
export const renderTaxStatementPdf = async (
  statement: TaxStatement,
  createdAt: Date = new Date(),
): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`Steuerbescheinigung ${statement.year}`);
  pdf.setAuthor('Brickwise');
  pdf.setCreationDate(createdAt);
  const font = await pdf.embedFont(await fontBytes('DejaVuSans.ttf'), { subset: true });
  const bold = await pdf.embedFont(await fontBytes('DejaVuSans-Bold.ttf'), { subset: true });
  let page: PDFPage = pdf.addPage([595.28, 841.89]);
  let y = 790;
  const text = (value: string, x: number, options: { size?: number; f?: PDFFont; color?: typeof NAVY } = {}) =>
    page.drawText(value, { x, y, size: options.size ?? 10, font: options.f ?? font, color: options.color ?? NAVY });
  const right = (value: string, xRight: number, f: PDFFont = font, size = 10) =>
    page.drawText(value, { x: xRight - f.widthOfTextAtSize(value, size), y, size, font: f, color: NAVY });
  const line = (gap = 16) => {
    y -= gap;
    if (y < 70) {
      page = pdf.addPage([595.28, 841.89]);
      y = 790;
    }
  };

  text(`Steuerbescheinigung ${statement.year}`, 50, { size: 18, f: bold });
  line(22);
  text('Ausschüttungen aus Beteiligungen (Erträge, einbehaltene Steuern, Auszahlungen)', 50, { color: GREY });
  line(26);
  text(`Anleger·in: ${statement.investor.name}`, 50);
  line();
  text(`E-Mail: ${statement.investor.email}`, 50);
  line();
  text(`Zeitraum: 01.01.${statement.year} – 31.12.${statement.year} (Zufluss)`, 50);
  line(28);

  for (const asset of statement.assets) {
    text(asset.title, 50, { f: bold, size: 11 });
    line(14);
    text(`Ausschüttungszeiträume: ${asset.periods.map((period) => formatPeriodKey(period, 'de-AT')).join(', ')}`, 60, {
      color: GREY,
      size: 9,
    });
    line(16);
    text('Bruttoertrag', 60);
    right(formatEuroCents(asset.grossCents), 540);
    for (const type of taxTypes) {
      if (asset.taxes[type] === 0n) continue;
      line(14);
      text(`einbehalten: ${TAX_LABELS[type]}`, 60);
      right(formatEuroCents(asset.taxes[type]), 540);
    }
    line(14);
    text('Ausbezahlt (netto)', 60);
    right(formatEuroCents(asset.netCents), 540);
    line(24);
  }

  page.drawLine({ start: { x: 50, y: y + 10 }, end: { x: 545, y: y + 10 }, thickness: 0.7, color: GREY });
  text('Summen', 50, { f: bold, size: 12 });
  line(18);
  text('Summe Bruttoerträge', 60, { f: bold });
  right(formatEuroCents(statement.totals.grossCents), 540, bold);
  for (const type of taxTypes) {
    if (statement.totals.taxes[type] === 0n) continue;
    line(14);
    text(`Summe ${TAX_LABELS[type]}`, 60, { f: bold });
    right(formatEuroCents(statement.totals.taxes[type]), 540, bold);
  }
  line(14);
  text('Summe ausbezahlt (netto)', 60, { f: bold });
  right(formatEuroCents(statement.totals.netCents), 540, bold);
  line(30);

  const hints = [
    'Österreich (Formular E 1kv): die Bruttoerträge mit KESt-Abzug sind Einkünfte aus Kapitalvermögen zum',
    'Sondersteuersatz von 27,5 %; die einbehaltene KESt ist anrechenbar. Mit dem Abzug ist die Steuer in der',
    'Regel abgegolten (Endbesteuerung); die Angabe in der E 1kv ist für Verlustausgleich oder Regelbesteuerung nötig.',
    'Deutschland (Anlage KAP): Kapitalerträge, die dem inländischen Steuerabzug unterlegen haben, mit der',
    'einbehaltenen Kapitalertragsteuer, dem Solidaritätszuschlag und der Kirchensteuer.',
    'Erträge aus Mitunternehmerschaften (KG, atypisch stille Beteiligung) und Miteigentum werden ohne Abzug',
    'ausbezahlt und sind im Rahmen der Veranlagung zu erklären.',
  ];
  for (const hint of hints) {
    text(hint, 50, { size: 8, color: GREY });
    line(11);
  }
  line(8);
  text(`Erstellt am ${formatDate(createdAt, 'de-AT')}. Beträge in Euro.`, 50, { size: 8, color: GREY });
  return pdf.save();
};
