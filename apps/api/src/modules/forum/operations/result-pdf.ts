import type { VotingView } from '@bw/contracts';
import { assets, type Db } from '@bw/db';
import { germanCount } from '@bw/i18n';
import fontkit from '@pdf-lib/fontkit';
import { eq } from 'drizzle-orm';
import { PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import { AppError } from '../../../lib/app-error.js';
import { pdfFontBytes } from '../../../lib/pdf-fonts.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { findVoting, sharesHeldNow, weightOf } from '../forum.repo.js';
import { requireForumReader } from './forum-access.js';
import { votingViews } from './votings-view.js';

const NAVY = rgb(0.09, 0.13, 0.27);
const GREY = rgb(0.35, 0.38, 0.45);
const WRAP_CHARS = 95;
const viennaTime = new Intl.DateTimeFormat('de-AT', {
  timeZone: 'Europe/Vienna',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** `part` of `whole` as "12,34 %" (integer basis points, no floats). */
const percentOf = (part: string, whole: string): string => {
  const total = BigInt(whole);
  const bps = total > 0n ? (BigInt(part) * 10_000n) / total : 0n;
  return `${bps / 100n},${(bps % 100n).toString().padStart(2, '0')} %`;
};
const shares = (value: string) => germanCount(value, 'Anteil', 'Anteile');
/** A moment in Vienna's time, "20.11.2026, 11:00 Uhr". */
export const viennaDateTime = (iso: string | null) => (iso ? `${viennaTime.format(new Date(iso))} Uhr` : '–');

const wrap = (text: string, width = WRAP_CHARS): string[] => {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      if (line && line.length + word.length + 1 > width) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return lines;
};

/** What the minutes add to the voting's view: the asset's name and when support was reached. */
export type VotingMinutes = { assetTitle: string; supportReachedAt: string | null };

/**
 * Minutes and result of a closed voting as the PDF download of spec section 2 ("downloads", issue 24):
 * title, asset, the phases with their dates, options, the tally by weight and count, the outcome
 * under the rule of ADR 0027. DejaVu Sans covers German characters.
 */
export const renderVotingResultPdf = async (
  voting: VotingView,
  minutes: VotingMinutes,
  createdAt = new Date(),
): Promise<Uint8Array> => {
  const tally = voting.tally;
  if (voting.phase !== 'closed' || !tally) throw new AppError('VOTING_NOT_CLOSED');
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`Protokoll und Ergebnis: ${voting.title}`);
  pdf.setAuthor('Brickwise');
  pdf.setCreationDate(createdAt);
  const font = await pdf.embedFont(await pdfFontBytes('DejaVuSans.ttf'), { subset: true });
  const bold = await pdf.embedFont(await pdfFontBytes('DejaVuSans-Bold.ttf'), { subset: true });
  let page = pdf.addPage([595.28, 841.89]);
  let y = 790;
  const line = (gap = 16) => {
    y -= gap;
    if (y < 70) {
      page = pdf.addPage([595.28, 841.89]);
      y = 790;
    }
  };
  const text = (value: string, x: number, options: { size?: number; f?: PDFFont; grey?: boolean } = {}) =>
    page.drawText(value, {
      x,
      y,
      size: options.size ?? 10,
      font: options.f ?? font,
      color: options.grey ? GREY : NAVY,
    });
  const right = (value: string, xRight: number, f: PDFFont = font) =>
    page.drawText(value, { x: xRight - f.widthOfTextAtSize(value, 10), y, size: 10, font: f, color: NAVY });
  const paragraph = (value: string, size = 9, grey = false) => {
    for (const row of wrap(value, Math.floor((WRAP_CHARS * 9) / size))) {
      text(row, 50, { size, grey });
      line(size + 3);
    }
  };
  const heading = (value: string) => {
    line(10);
    text(value, 50, { size: 12, f: bold });
    line(18);
  };

  text('Protokoll und Ergebnis der Abstimmung', 50, { size: 18, f: bold });
  line(24);
  text(voting.title, 50, { size: 13, f: bold });
  line(18);
  text(`Objekt: ${minutes.assetTitle} · Thema: ${voting.theme}`, 50, { grey: true });
  line(18);
  paragraph(voting.description);

  heading('Ablauf');
  for (const [label, at] of [
    ['Vorgeschlagen', voting.suggestedAt],
    ['Unterstützung erreicht (10 %, mindestens 3 Unterstützer:innen)', minutes.supportReachedAt],
    ['Abstimmung begonnen', voting.startsAt],
    ['Abstimmung beendet', voting.closedAt ?? voting.endsAt],
  ] as const) {
    text(label, 50);
    right(viennaDateTime(at), 540);
    line();
  }
  text(
    `Stimmberechtigt: ${shares(tally.snapshotShares)} von ${germanCount(tally.snapshotHolders, 'Anleger:in', 'Anleger:innen')} (Stand zum Start)`,
    50,
  );
  line();

  heading('Optionen');
  voting.options.forEach((option, index) => {
    text(`${index + 1}. ${option.title.slice(0, 80)}`, 50, { f: bold });
    line(14);
    if (option.description) paragraph(option.description, 9, true);
  });

  heading('Ergebnis');
  const winner = voting.options.find((o) => o.id === voting.winningOptionId);
  text(
    voting.outcome === 'approved' && winner
      ? `Ergebnis: Angenommen – ${winner.title}`
      : 'Ergebnis: Abgelehnt – keine Option hat die Mehrheit erhalten.',
    50,
    { size: 12, f: bold },
  );
  line(22);
  text('Option', 50, { f: bold });
  right('Stimmen', 420, bold);
  right('Anteil', 540, bold);
  for (const option of voting.options) {
    line();
    text(option.title.slice(0, 60), 50);
    right(shares(option.weight ?? '0'), 420);
    right(percentOf(option.weight ?? '0', tally.cast), 540);
  }
  line();
  text('Gegen alle Optionen', 50);
  right(shares(tally.againstAll), 420);
  right(percentOf(tally.againstAll, tally.cast), 540);
  line(20);
  text(
    `Abgegeben: ${shares(tally.cast)} (${germanCount(tally.voters, 'Stimme', 'Stimmen')}) · Enthaltungen: ${shares(tally.abstain)}`,
    50,
  );
  line(26);
  paragraph(
    'Jede Stimme zählt mit den Anteilen zum Start der Abstimmung. Angenommen ist eine Option mit mehr als der Hälfte der abgegebenen Stimmen (Zustimmungen und Gegenstimmen); Enthaltungen zählen nicht mit.',
    8,
    true,
  );
  line(6);
  text(`Erstellt am ${viennaDateTime(createdAt.toISOString())}.`, 50, { size: 8, grey: true });
  return pdf.save();
};

/**
 * GET {id}/voting/{v}/result: minutes and result of a closed voting for the asset's holders — those
 * holding shares now and those who held shares when the vote started (they voted); others 403.
 */
export const votingResultPdf = async (db: Db, user: SessionUser, ref: { id: string; v: string }) => {
  await requireForumReader(db, user, ref.id);
  const row = await findVoting(db, ref.id, ref.v);
  if (!row) throw new AppError('VOTING_NOT_FOUND');
  const holder =
    (await sharesHeldNow(db, user.userId, ref.id)) > 0n || (await weightOf(db, row.id, user.userId)) !== null;
  if (!holder) throw new AppError('FORUM_NOT_HOLDER');
  const [view] = await votingViews(db, user.userId, [row]);
  if (!view) throw new AppError('VOTING_NOT_FOUND');
  const [asset] = await db.select({ title: assets.title }).from(assets).where(eq(assets.id, ref.id));
  return renderVotingResultPdf(view, {
    assetTitle: asset?.title ?? ref.id,
    supportReachedAt: row.supportReachedAt?.toISOString() ?? null,
  });
};
