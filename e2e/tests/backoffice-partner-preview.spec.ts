import { expect, test } from '@playwright/test';
import { staffLogin } from './backoffice-support.js';
import { familyOf } from './shell-support.js';

/**
 * Issue 21, partners (white label): "a live preview of the investor app in the partner's theme".
 * Changing a colour in the partner editor recolours the preview at once, before anything is
 * saved; leaving without saving keeps the partner's stored colours. Desktop only.
 */
test('the partner preview takes a changed colour live, before it is saved', async ({ browser, baseURL }, testInfo) => {
  test.skip(familyOf(testInfo) !== 'desktopWeb', 'the back office is a desktop application');
  test.setTimeout(120_000);
  const otto = await staffLogin(browser, baseURL ?? '', 'operator');

  await otto.getByRole('link', { name: 'Partner' }).click();
  await otto.getByRole('row').nth(1).click();
  const preview = otto.getByRole('figure', { name: /Vorschau der App/ });
  await expect(preview).toBeVisible();
  const brandField = otto.getByLabel('Farbe Markenfarbe', { exact: true });
  const buttonField = otto.getByLabel('Farbe Schaltflächen', { exact: true });
  const originalBrand = await brandField.inputValue();
  const originalButton = await buttonField.inputValue();
  const name = await otto.getByLabel('Name', { exact: true }).inputValue();
  // The preview's app bar carries the brand colour, its call to action the button colour.
  const appBar = preview.getByText(name, { exact: true }).locator('..');
  const cta = preview.getByRole('button', { name: 'Jetzt investieren', includeHidden: true });
  await expect(appBar).toHaveCSS('background-color', rgb(originalBrand));
  await expect(cta).toHaveCSS('background-color', rgb(originalButton));

  // Violet and a dark red: both distinct from every demo partner's colours and readable on white.
  const brand = originalBrand.toLowerCase() === '#7c3aed' ? '#5b21b6' : '#7c3aed';
  const button = originalButton.toLowerCase() === '#9f1239' ? '#1e3a8a' : '#9f1239';
  await brandField.fill(brand);
  await expect(appBar).toHaveCSS('background-color', rgb(brand));
  // A brand colour readable on white is also the preview's heading colour.
  await expect(preview.getByText('Marktplatz', { exact: true })).toHaveCSS('color', rgb(brand));
  await buttonField.fill(button);
  await expect(cta).toHaveCSS('background-color', rgb(button));
  await expect(preview).toContainText('Vorschau, noch nicht gespeichert');
  await expect(otto.getByText('Gespeichert.')).toHaveCount(0);

  // Nothing was saved: after a reload the form and the preview show the stored colours again.
  await otto.reload();
  await expect(preview).toBeVisible();
  await expect(brandField).toHaveValue(originalBrand);
  await expect(appBar).toHaveCSS('background-color', rgb(originalBrand));
  await expect(cta).toHaveCSS('background-color', rgb(originalButton));
});

/** `#rrggbb` as the browser's computed `rgb(r, g, b)`. */
const rgb = (hex: string): string => {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
};
