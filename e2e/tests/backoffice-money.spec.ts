import { expect, test } from '@playwright/test';
import { backofficeShot, staffLogin } from './backoffice-support.js';
import { familyOf } from './shell-support.js';

/**
 * Issue 21, the operator's month: the dashboard, a bonus campaign with a budget ended early, a
 * partner's look changed with the live preview (unreadable colours refused), and a correction
 * booked as a compensating posting next to the daily reconciliation. Desktop only.
 */
test('the operator runs dashboard, bonus codes, partners and money from the back office', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(familyOf(testInfo) !== 'desktopWeb', 'the back office is a desktop application');
  test.setTimeout(180_000);
  const otto = await staffLogin(browser, baseURL ?? '', 'operator');

  // Dashboard: the funnel and the volume per asset.
  await otto.getByRole('link', { name: 'Übersicht' }).click();
  await expect(otto.getByRole('heading', { name: 'Investoren nach Schritt' })).toBeVisible();
  await expect(
    otto.getByRole('list', { name: 'Investoren nach Onboarding-Schritt' }).getByRole('listitem'),
  ).toHaveCount(5);
  await expect(otto.getByRole('table', { name: 'Volumen nach Objekt' })).toBeVisible();
  await backofficeShot(otto, 'dashboard');

  // Bonus codes: a campaign with a budget, then ended early.
  const code = `HERBST${Date.now() % 100_000}`;
  await otto.getByRole('link', { name: 'Bonus-Codes' }).click();
  await otto.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await otto.getByLabel('Titel', { exact: true }).fill('Herbstaktion');
  await otto.getByLabel('Bonus in €').fill('25');
  await otto.getByLabel('Mindestinvestment in €').fill('500');
  await otto.getByLabel('Budget in €').fill('2500');
  await otto.getByRole('button', { name: 'Aktion anlegen', exact: true }).click();
  await expect(otto.getByRole('status')).toContainText(`Der Code ${code} ist angelegt`);
  const row = otto.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('Aktiv');
  await expect(row).toContainText('0,00 € / 2.500,00 €');
  await backofficeShot(otto, 'bonus-codes');
  await row.getByRole('button', { name: 'Beenden' }).click();
  await expect(row).toContainText('Beendet');

  // Affiliates: a marketing partner gets its tracked link.
  const affiliate = `blog-${Date.now() % 100_000}`;
  await otto.getByRole('link', { name: 'Affiliates' }).click();
  await otto.getByLabel('ID (im Link)').fill(affiliate);
  await otto.getByLabel('Name', { exact: true }).fill('Finanzblog');
  await otto.getByRole('button', { name: 'Anlegen' }).click();
  await expect(otto.getByRole('row', { name: new RegExp(affiliate) })).toContainText(`affiliatePartnerId=${affiliate}`);

  // Partners: the preview follows the form; unreadable body text is refused before saving.
  await otto.getByRole('link', { name: 'Partner' }).click();
  await otto.getByRole('row').nth(1).click();
  const preview = otto.getByRole('figure', { name: /Vorschau der App/ });
  await expect(preview).toBeVisible();
  const nameField = otto.getByLabel('Name', { exact: true });
  const originalName = await nameField.inputValue();
  await otto.getByLabel('Name', { exact: true }).fill('Ziegel Invest');
  await expect(preview).toContainText('Ziegel Invest');
  await otto.getByLabel('Farbe Text', { exact: true }).fill('#cccccc');
  await expect(otto.getByRole('alert')).toContainText('Nicht gut lesbar');
  await expect(otto.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await otto.getByLabel('Farbe Text', { exact: true }).fill('#101828');
  await otto.getByLabel('Support-Telefon').fill('+43 1 234 56 78');
  await backofficeShot(otto, 'partner');
  await otto.getByRole('button', { name: 'Speichern' }).click();
  await expect(otto.getByRole('status')).toContainText('Gespeichert');
  // The name is live for every investor of the partner: the operator puts it back, so the other
  // browser tests keep seeing the partner they know.
  await nameField.fill(originalName);
  await otto.getByRole('button', { name: 'Speichern' }).click();
  await expect(otto.getByRole('status')).toContainText('Gespeichert');

  // Money: the reconciliation and a correction for Anna, booked once.
  await otto.getByRole('link', { name: 'Geld' }).click();
  await expect(otto.getByRole('heading', { name: 'Tagesabstimmung' })).toBeVisible();
  await otto.getByLabel('Investor suchen').fill('anna.berger');
  await expect(otto.getByLabel('Investor', { exact: true }).locator('option')).toHaveCount(2);
  await otto.getByLabel('Investor', { exact: true }).selectOption({ index: 1 });
  await otto.getByLabel('Art').selectOption('feeRefund');
  await otto.getByLabel('Betrag in €').fill('5,00');
  await otto.getByLabel('Grund (sieht der Investor)').fill('Gebühr der Überweisung erstattet');
  await otto.getByRole('button', { name: 'Gegenbuchung ausführen' }).click();
  await expect(otto.getByRole('status')).toContainText('Gebucht: 5,00 €');
  await expect(otto.getByRole('table', { name: 'Korrekturen' })).toContainText('Gebühr der Überweisung erstattet');
  await expect(otto.getByText('Keine Auszahlung wartet')).toBeVisible();
  await expect(otto.getByLabel('Prüfen ab (€)')).toHaveValue('5000,00');
  await backofficeShot(otto, 'money');
});
