/**
 * A tiny, dependency-free PDF 1.4 writer for the platform's text documents (contracts,
 * authorizations, exposés). Standard Helvetica with WinAnsi encoding covers German text
 * (ä, ö, ü, ß, €). Pure: text in, bytes out.
 */
export type PdfDocument = {
  title: string;
  /** Paragraphs; each is wrapped to the page width. An empty string is a blank line. */
  paragraphs: string[];
  /** Fixed for reproducible bytes (ISO date, YYYY-MM-DD). */
  createdOn: string;
};

const PAGE_WIDTH_PT = 595;
const PAGE_HEIGHT_PT = 842;
const MARGIN_PT = 56;
const BODY_SIZE_PT = 11;
const TITLE_SIZE_PT = 16;
const LINE_HEIGHT_PT = 15;
const MAX_CHARS_PER_LINE = 88;
const LINES_PER_PAGE = Math.floor((PAGE_HEIGHT_PT - 2 * MARGIN_PT - 2 * LINE_HEIGHT_PT) / LINE_HEIGHT_PT);

/** Unicode characters WinAnsi places in 0x80–0x9F. */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
};

const toWinAnsi = (text: string): string => {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 63;
    const mapped = WIN_ANSI_EXTRA[char] ?? (code < 256 && (code < 0x80 || code > 0x9f) ? code : 63);
    out += String.fromCharCode(mapped);
  }
  return out;
};

const escapePdfString = (text: string): string => text.replace(/[\\()]/g, (c) => `\\${c}`);

export const wrapText = (paragraph: string, width: number = MAX_CHARS_PER_LINE): string[] => {
  if (paragraph.trim() === '') return [''];
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
};

const pageContent = (title: string | null, lines: string[], pageNumber: number, pageCount: number): string => {
  const top = PAGE_HEIGHT_PT - MARGIN_PT;
  const parts = ['BT'];
  let first = true;
  if (title) {
    parts.push(`/F2 ${TITLE_SIZE_PT} Tf ${MARGIN_PT} ${top} Td (${escapePdfString(toWinAnsi(title))}) Tj`);
    parts.push(`/F1 ${BODY_SIZE_PT} Tf ${LINE_HEIGHT_PT} TL T* T*`);
    first = false;
  }
  for (const line of lines) {
    if (first) {
      parts.push(`/F1 ${BODY_SIZE_PT} Tf ${LINE_HEIGHT_PT} TL ${MARGIN_PT} ${top} Td`);
      first = false;
    }
    parts.push(`(${escapePdfString(toWinAnsi(line))}) Tj T*`);
  }
  parts.push('ET');
  parts.push(
    `BT /F1 9 Tf ${MARGIN_PT} ${MARGIN_PT / 2} Td (${toWinAnsi(`Seite ${pageNumber} von ${pageCount}`)}) Tj ET`,
  );
  return parts.join('\n');
};

const latin1Bytes = (text: string): Uint8Array => {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
};

/** Renders a text document as a valid PDF (cross-reference table with exact byte offsets). */
export const renderPdf = (doc: PdfDocument): Uint8Array => {
  const lines = doc.paragraphs.flatMap((p) => wrapText(p));
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += LINES_PER_PAGE) pages.push(lines.slice(i, i + LINES_PER_PAGE));

  // Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, 5 info, then per page: page + content.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  const date = doc.createdOn.replaceAll('-', '');
  objects[5] = `<< /Title (${escapePdfString(toWinAnsi(doc.title))}) /Producer (Brickwise) /CreationDate (D:${date}000000Z) >>`;
  pages.forEach((pageLines, i) => {
    const content = pageContent(i === 0 ? doc.title : null, pageLines, i + 1, pages.length);
    const pageId = pageIds[i] as number;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH_PT} ${PAGE_HEIGHT_PT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefOffset = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return latin1Bytes(out);
};
