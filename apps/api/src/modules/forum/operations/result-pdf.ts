import type { VotingView } from '@bw/contracts';
import type { Db } from '@bw/db';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, rgb } from 'pdf-lib';
import { AppError } from '../../../lib/app-error.js';
import { pdfFontBytes } from '../../../lib/pdf-fonts.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { findVoting } from '../forum.repo.js';
import { requireForumReader } from './forum-access.js';
import { votingViews } from './votings-view.js';

const NAVY = rgb(0.09, 0.13, 0.27);
const GREY = rgb(0.35, 0.38, 0.45);
const WRAP_CHARS = 95;

/** `part` of `whole` as "12,34 %" (integer basis points, no floats). */
const percentOf = (part: string, whole: string): string => {
  const total = BigInt(whole);
  const bps = total > 0n ? (BigInt(part) * 10_000n) / total : 0n;
  return `${bps / 100n},${(bps % 100n).toString().padStart(2, '0')} %`;
};
const shares = (value: string) => `${value.replace(/\B(?=(\d{3})+(?!\d))/g, '.')} Anteile`;
const day = (iso: string | null) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '–');

const wrap = (text: string): string[] => {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      if (line && line.length + word.length + 1 > WRAP_CHARS) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return lines;
};

/** The result of a closed voting as the PDF download of spec section 2 ("downloads", issue 24). */
export const renderVotingResultPdf = async (voting: VotingView, createdAt = new Date()): Promise<Uint8Array> => {
  const tally = voting.tally;
  if (voting.phase !== 'closed' || !tally) throw new AppError('VOTING_NOT_CLOSED');
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`Abstimmungsergebnis: ${voting.title}`);
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

  text('Abstimmungsergebnis', 50, { size: 18, f: bold });
  line(24);
  text(voting.title, 50, { size: 13, f: bold });
  line(18);
  text(`Objekt: ${voting.assetId} · Thema: ${voting.theme}`, 50, { grey: true });
  line(18);
  for (const row of wrap(voting.description)) {
    text(row, 50, { size: 9 });
    line(12);
  }
  line(8);
  text(`Abstimmung vom ${day(voting.startsAt)} bis ${day(voting.closedAt)}`, 50);
  line();
  text(
    `Stimmberechtigt: ${shares(tally.snapshotShares)} von ${tally.snapshotHolders} Anleger:innen (Stand zum Start)`,
    50,
  );
  line(26);
  const winner = voting.options.find((o) => o.id === voting.winningOptionId);
  text(
    voting.outcome === 'approved' && winner
      ? `Ergebnis: Angenommen – ${winner.title}`
      : 'Ergebnis: Abgelehnt – keine Option hat die Mehrheit erhalten.',
    50,
    { size: 12, f: bold },
  );
  line(26);
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
  text(`Abgegeben: ${shares(tally.cast)} (${tally.voters} Stimmen) · Enthaltungen: ${shares(tally.abstain)}`, 50);
  line(26);
  for (const row of wrap(
    'Jede Stimme zählt mit den Anteilen zum Start der Abstimmung. Angenommen ist eine Option mit mehr als der Hälfte der abgegebenen Stimmen (Zustimmungen und Gegenstimmen); Enthaltungen zählen nicht mit.',
  )) {
    text(row, 50, { size: 8, grey: true });
    line(11);
  }
  line(6);
  text(`Erstellt am ${createdAt.toISOString().slice(0, 10)}.`, 50, { size: 8, grey: true });
  return pdf.save();
};

/** GET {id}/voting/{v}/result: the result PDF of a closed voting, for the forum's readers. */
export const votingResultPdf = async (db: Db, user: SessionUser, ref: { id: string; v: string }) => {
  await requireForumReader(db, user, ref.id);
  const row = await findVoting(db, ref.id, ref.v);
  if (!row) throw new AppError('VOTING_NOT_FOUND');
  const [view] = await votingViews(db, user.userId, [row]);
  if (!view) throw new AppError('VOTING_NOT_FOUND');
  return renderVotingResultPdf(view);
};
