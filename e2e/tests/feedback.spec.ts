import { expect, type Page, test } from '@playwright/test';
import { staffLogin } from './backoffice-support.js';
import { averagePriceCents, closeOpened, demoInvestor, giveShares, newInvestor } from './bulletin-board-support.js';
import { csrfHeaders } from './trading-support.js';

/**
 * Issue 23 / ADR 0033: the app-rating prompt after a settled purchase (made due now by the
 * development route instead of waiting a week). "Nicht so" opens the feedback modal, whose feedback
 * lands in the back office's support queue with its stars; "Ja, sehr!" leads into the rating flow.
 * Each answer is remembered: after a reload the prompt stays away.
 */
test.afterEach(closeOpened);

const promptDue = async (page: Page) => {
  const response = await page.request.post('/api/v1/dev/feedback/promptDue', { headers: await csrfHeaders(page) });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { data: { prompt: string | null } }).data.prompt).toBe('appRating');
};
const promptNow = async (page: Page) =>
  ((await (await page.request.get('/api/v1/feedback/prompt')).json()) as { data: { prompt: string | null } }).data
    .prompt;

test('after a settled purchase: the prompt, feedback into the support queue, then the rating flow', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const base = baseURL ?? '';
  const anna = await demoInvestor(base, 'anna');
  const lena = await newInvestor(browser, base, testInfo, 'feedback-lena', 1_000_000n);
  const { page, family } = lena;
  // No purchase yet: nothing to ask.
  expect(await promptNow(page)).toBeNull();
  await giveShares(anna, lena, 2, await averagePriceCents(anna.api));
  await promptDue(page);

  await page.goto(`/${family}/marketplace`);
  const prompt = page.getByTestId('app-rating-prompt');
  await expect(prompt).toContainText('Wie gefällt dir die App bisher?');
  await prompt.getByRole('button', { name: 'Nicht so' }).click();
  // The feedback modal: stars are required.
  await prompt.getByRole('button', { name: 'Feedback senden' }).click();
  await expect(prompt).toContainText('Wähle eine Bewertung von 1 bis 5 Sternen.');
  await prompt.getByLabel('2 Sterne').check();
  const text = `Die Kursgrafik lädt langsam (${testInfo.project.name})`;
  await prompt.getByLabel('Dein Feedback (optional)').fill(text);
  await prompt.getByRole('button', { name: 'Feedback senden' }).click();
  await expect(prompt.getByTestId('feedback-sent')).toContainText('Danke für dein Feedback!');
  await prompt.getByRole('button', { name: 'Schließen' }).click();
  await expect(prompt).toBeHidden();
  expect(await promptNow(page)).toBeNull();

  // The operator finds it in the support queue, with its stars.
  const email = ((await (await page.request.get('/api/v1/user')).json()) as { data: { email: string } }).data.email;
  const office = await staffLogin(browser, base, 'operator');
  await office.getByRole('link', { name: 'Support' }).click();
  const row = office.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Feedback');
  await expect(row).toContainText('Feedback: 2 von 5 Sternen');
  await row.click();
  await expect(office.getByText('★★☆☆☆ (2 von 5)')).toBeVisible();
  await expect(office.getByText(text)).toBeVisible();
  await office.context().close();

  // Asked again (as after "later"): "Ja, sehr!" leads into the rating flow, which ends the prompt.
  await promptDue(page);
  await page.reload();
  await prompt.getByRole('button', { name: 'Ja, sehr!' }).click();
  await prompt.getByRole('button', { name: 'Jetzt bewerten' }).click();
  await expect(prompt.getByTestId('app-rated')).toContainText('Danke für deine Bewertung!');
  await prompt.getByRole('button', { name: 'Schließen' }).click();
  await expect(prompt).toBeHidden();
  await expect.poll(() => promptNow(page)).toBeNull();
});
