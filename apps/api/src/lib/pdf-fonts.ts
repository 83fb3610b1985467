import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * DejaVu Sans (npm `dejavu-fonts-ttf`) for pdf-lib documents: every Latin-1 and Latin Extended
 * letter, so umlauts and ß print in any viewer; each file read once per process.
 */
const fontFiles = new Map<string, Promise<Buffer>>();
export const pdfFontBytes = (file: 'DejaVuSans.ttf' | 'DejaVuSans-Bold.ttf'): Promise<Buffer> => {
  let bytes = fontFiles.get(file);
  if (!bytes) {
    bytes = readFile(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`));
    fontFiles.set(file, bytes);
  }
  return bytes;
};
