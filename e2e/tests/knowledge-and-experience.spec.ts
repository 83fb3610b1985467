import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { registerAndLogIn } from './account-support.js';
import { uniqueEmail } from './auth-support.js';
import { type Family, familyOf, finishFirstOpen, isMobile } from './shell-support.js';

/**
 * Issue 5, knowledge and experience (spec sections 2, 4 and 5): a logged-in user answers the new
 * flow step by step and sees the appropriateness rating per product type; another skips after
 * confirming that the check is then not possible. One run per route family.
 */
const PASSWORD = 'Ziegelstein-Anteil-2026';

/** Attached to the report; also written to .tmp/screenshots/ with KAE_SCREENSHOTS=1 (phone 390x844, desktop 1440x900). */
const shoot = async (page: Page, testInfo: TestInfo, family: Family, name: string) => {
  if (!isMobile(family)) await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.locator('#splash')).toHaveAttribute('data-hidden', 'true');
  const shot = await page.screenshot({ animations: 'disabled' });
  await testInfo.attach(`${name}-${family}.png`, { body: shot, contentType: 'image/png' });
  if (process.env.KAE_SCREENSHOTS === '1') {
    const dir = path.join(import.meta.dirname, '../../.tmp/screenshots');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `kae-${name}-${family}.png`), shot);
  }
  // Nothing is wider than the screen (a wider page would be zoomed out on a phone).
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
};

const choose = (page: Page, label: string) => page.locator('label').filter({ hasText: label }).click();

const openQuestionnaire = async (page: Page, testInfo: TestInfo, label: string) => {
  const family = familyOf(testInfo);
  await finishFirstOpen(page, family);
  await registerAndLogIn(page, {
    email: uniqueEmail(testInfo, label),
    firstName: 'Anna',
    lastName: 'Berger',
    password: PASSWORD,
  });
  await page.goto(`/${family}/knowledge-and-experience`);
  await expect(page.getByRole('heading', { name: 'Kenntnisse und Erfahrungen', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Warum wir das fragen' })).toBeVisible();
  return family;
};

test('answers the new flow step by step and sees the rating per product type', async ({ page }, testInfo) => {
  const family = await openQuestionnaire(page, testInfo, 'anna.kenntnisse');
  await shoot(page, testInfo, family, 'info');
  await page.getByRole('button', { name: 'Fragebogen starten' }).click();

  // Basic questions: knows participation certificates and funds, 3 to 5 years, up to 5 a year.
  await expect(page.getByText('Schritt 1 von 4')).toBeVisible();
  if (family === 'app') {
    // Spec section 2: Android hardware back on this screen asks first; staying keeps the step.
    await page.evaluate("window.dispatchEvent(new CustomEvent('nativeBack'))");
    const leave = page.getByRole('dialog', { name: 'Diesen Schritt verlassen?' });
    await leave.getByRole('button', { name: 'Weitermachen' }).click();
    await expect(leave).toBeHidden();
    await expect(page.getByText('Schritt 1 von 4')).toBeVisible();
  }
  const next = page.getByRole('button', { name: 'Weiter', exact: true });
  await expect(next).toBeDisabled();
  await choose(page, 'Genussscheine');
  await choose(page, 'Aktien und Fonds');
  await expect(page.getByRole('checkbox', { name: 'Genussscheine' })).toBeChecked();
  await choose(page, '3 bis 5 Jahre');
  await choose(page, 'Bis zu 5');
  await shoot(page, testInfo, family, 'basic-questions');
  await next.click();

  await expect(page.getByRole('heading', { name: 'Deine Risikobereitschaft' })).toBeVisible();
  await choose(page, 'Mittel – Ertrag und Risiko ausgewogen');
  await next.click();
  await expect(page.getByRole('heading', { name: 'Dein Anlagehorizont' })).toBeVisible();
  await choose(page, 'Lang: 20 Jahre und mehr');
  await next.click();
  await expect(page.getByText('Schritt 4 von 4')).toBeVisible();
  await choose(page, '10.001 – 50.000 €');
  await page.getByRole('button', { name: 'Antworten senden' }).click();

  // The result: appropriate for participation rights, not for limited-partnership shares (no comparable product known).
  await expect(page.getByTestId('kae-status')).toHaveText('Nicht angemessen');
  const row = (name: string) => page.getByRole('listitem').filter({ hasText: name });
  await expect(row('Genussrecht (Eigenkapital)')).toContainText('Angemessen');
  await expect(row('Kommanditbeteiligung')).toContainText('Nicht angemessen');
  await shoot(page, testInfo, family, 'result');

  const me = await page.request.get('/api/v1/user');
  const { data } = (await me.json()) as {
    data: {
      registrationProcessStatus: { knowledgeAndExperience: boolean };
      complianceInformation: { knowledgeAndExperienceStatus: string };
    };
  };
  expect(data.registrationProcessStatus.knowledgeAndExperience).toBe(true);
  expect(data.complianceInformation.knowledgeAndExperienceStatus).toBe('NotAppropriate');

  // Opening the screen again shows the result first; "change answers" starts over from the info.
  await page.reload();
  await expect(page.getByTestId('kae-status')).toHaveText('Nicht angemessen');
  await page.getByRole('button', { name: 'Angaben ändern' }).click();
  await expect(page.getByRole('heading', { name: 'Warum wir das fragen' })).toBeVisible();
});

test('answers the detailed (old) flow; no transactions means no amount step', async ({ page }, testInfo) => {
  const family = await openQuestionnaire(page, testInfo, 'carla.ausfuehrlich');
  await page.getByRole('button', { name: 'Ausführlicher Fragebogen' }).click();
  const next = page.getByRole('button', { name: 'Weiter', exact: true });

  await expect(page.getByRole('heading', { name: 'Finanzprodukte' })).toBeVisible();
  await choose(page, 'KG-Beteiligung als Bauherrenmodell');
  await next.click();
  await expect(page.getByRole('heading', { name: 'Erfahrung je Produkt' })).toBeVisible();
  await choose(page, 'Bis zu 3 Jahre');
  await next.click();
  await expect(page.getByRole('heading', { name: 'Wertpapierdienstleistungen' })).toBeVisible();
  for (const service of ['Eigenständig, ohne Beratung', 'Mit Anlageberatung', 'Vermögensverwaltung']) {
    await page.getByRole('group', { name: service }).locator('label').filter({ hasText: 'Keine Erfahrung' }).click();
  }
  await shoot(page, testInfo, family, 'services');
  await next.click();
  await choose(page, 'Keine');
  // Without transactions there is no average amount to ask for: this is the last step.
  await expect(page.getByText('Schritt 4 von 4')).toBeVisible();
  await page.getByRole('button', { name: 'Antworten senden' }).click();

  const row = (name: string) => page.getByRole('listitem').filter({ hasText: name });
  await expect(page.getByTestId('kae-status')).toHaveText('Nicht angemessen');
  await expect(row('Kommanditbeteiligung')).toContainText('Angemessen');
  await expect(row('Genussrecht (Fremdkapital)').first()).toContainText('Nicht angemessen');
});

test('skips the questionnaire only after confirming that no appropriateness check is possible', async ({
  page,
}, testInfo) => {
  const family = await openQuestionnaire(page, testInfo, 'ben.ueberspringt');
  await page.getByRole('button', { name: 'Überspringen' }).click();

  const dialog = page.getByRole('dialog', { name: 'Fragebogen überspringen?' });
  await expect(dialog).toBeVisible();
  const skip = dialog.getByRole('button', { name: 'Trotzdem überspringen' });
  await expect(skip).toBeDisabled();
  await dialog.getByLabel('Ich habe verstanden, dass dann keine Angemessenheitsprüfung möglich ist.').check();
  await shoot(page, testInfo, family, 'skip-dialog');
  await skip.click();

  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('kae-status')).toHaveText('Nicht angegeben');
  await expect(page.getByText('Du hast den Fragebogen übersprungen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fragebogen jetzt ausfüllen' })).toBeVisible();
  await shoot(page, testInfo, family, 'skipped');

  if (family !== 'app') {
    // The same screen under building/knowledge-and-experience (spec section 2: mobileWeb and desktopWeb).
    await page.goto(`/${family}/building/knowledge-and-experience`);
    await expect(page.getByTestId('kae-status')).toHaveText('Nicht angegeben');
  }
});
