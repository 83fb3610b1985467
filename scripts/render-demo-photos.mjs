#!/usr/bin/env node
/**
 * Renders the demo catalogue's photos (apps/api/src/seed/content/photos/*.svg, the drawn sources) into WebP
 * files beside them, in Debian's Chromium. The seed points at the WebP files: a photo is a raster
 * image on a real platform, and a browser decodes it off the main thread, while every SVG image is
 * a small document that a phone parses, lays out and paints on its main thread (issue 6).
 *
 * Run after changing a drawing: node scripts/render-demo-photos.mjs   (CHROMIUM_PATH, default /usr/bin/chromium)
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folder = path.join(root, 'apps/api/src/seed/content/photos');
/** Twice the drawings' own size: the desktop asset page shows a photo 1,088 CSS px wide. */
const WIDTH = 1280;
const HEIGHT = 800;
const WEBP_QUALITY = 0.8;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  const drawings = (await readdir(folder)).filter((name) => name.endsWith('.svg')).sort();
  for (const name of drawings) {
    const svg = await readFile(path.join(folder, name), 'utf8');
    const dataUrl = await page.evaluate(
      async ({ svg, width, height, quality }) => {
        const image = new Image(width, height);
        image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        canvas.getContext('2d')?.drawImage(image, 0, 0, width, height);
        return canvas.toDataURL('image/webp', quality);
      },
      { svg, width: WIDTH, height: HEIGHT, quality: WEBP_QUALITY },
    );
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
    if (!dataUrl.startsWith('data:image/webp')) throw new Error(`${name}: this Chromium cannot encode WebP`);
    const target = name.replace(/\.svg$/, '.webp');
    await writeFile(path.join(folder, target), bytes);
    console.log(`${target}  ${(bytes.length / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser.close();
}
