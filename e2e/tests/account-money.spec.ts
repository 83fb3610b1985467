import { expect, test } from '@playwright/test';
import {
  deliverWebhooks,
  groupIban,
  newestMessage,
  openWallet,
  registerAndLogIn,
  setPhone,
  simulateTransfer,
  snapshot,
} from './account-support.js';
import { uniqueEmail } from './auth-support.js';
import { familyOf, finishFirstOpen, isMobile, screenUrl } from './shell-support.js';

/**
 * Issue 7, "must show": a user with a payment account sees the IBAN, a simulated transfer arrives and
 * the balance updates without a reload, a payout account is added by a transfer from an account in
 * the user's name, and a payout confirmed with the SMS code from the development mailbox lowers the
 * balance. One run per route family, against the real server on a fresh database.
 */
const STRANGER_IBAN = 'DE89370400440532013000';
const OWN_IBAN = 'AT611904300234573201';

test('money comes in live, a payout account is added and a payout is confirmed by SMS', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  const email = uniqueEmail(testInfo, 'anna.konto');
  const phone = `+43664${String(Date.now()).slice(-7)}`;
  await finishFirstOpen(page, family);
  await registerAndLogIn(page, { email, firstName: 'Anna', lastName: 'Berger', password: 'Ziegelstein-Anteil-2026' });
  const wallet = await openWallet(page, email);
  await setPhone(page, phone);

  // The account screen: personal IBAN and BIC, an empty balance and a real empty state.
  await page.goto(`/${family}/account`);
  await expect(page.getByRole('heading', { name: 'Konto', level: 1 })).toBeVisible();
  await expect(page.getByTestId('personal-iban')).toHaveText(groupIban(wallet.IBAN));
  await expect(page.getByTestId('personal-bic')).toHaveText(wallet.BIC);
  await expect(page.getByTestId('pay-in-arrival')).toHaveText('Überweisungen kommen in etwa zwei Bankarbeitstagen an.');
  await expect(page.getByTestId('balance')).toHaveText('0,00 €');
  await expect(page.getByRole('heading', { name: 'Noch keine Umsätze' })).toBeVisible();

  // A transfer from someone else arrives: first waiting for the deposit, then credited, all without a reload.
  await simulateTransfer(page, {
    iban: wallet.IBAN,
    amountCents: 10_000,
    name: 'Max Mustermann',
    fromIban: STRANGER_IBAN,
  });
  const pending = page.getByTestId('pending-transactions');
  await expect(pending.getByTestId('transaction-state')).toHaveText('Warte auf Zahlungseingang');
  await expect(pending.getByTestId('transaction-amount')).toHaveText('+ 100,00 €');
  await deliverWebhooks(page);
  await expect(page.getByTestId('balance')).toHaveText('100,00 €');
  await expect(page.getByTestId('available-balance')).toHaveText('100,00 €');
  const past = page.getByTestId('past-transactions');
  await expect(past.getByTestId('transaction-state')).toHaveText('Abgeschlossen');
  await expect(pending.getByText('Gerade ist nichts offen.')).toBeVisible();
  await snapshot(page, testInfo, 'account');
  // Nothing is wider than the screen (a long IBAN or label would make the whole page scroll sideways).
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

  // One transaction opens by `account?transaction={id}` with its fields.
  await past.getByTestId('transaction-row').first().click();
  await expect(page).toHaveURL(/\/account\?transaction=[0-9a-f-]{36}$/);
  const detail = page.getByRole('dialog', { name: 'Umsatz' });
  await expect(detail.getByTestId('tx-type')).toHaveText('Einzahlung');
  await expect(detail.getByTestId('tx-sender')).toHaveText('Max Mustermann');
  await expect(detail.getByTestId('transaction-detail-amount')).toHaveText('+ 100,00 €');
  await snapshot(page, testInfo, 'account-transaction');
  const transactionUrl = page.url();
  await detail.getByRole('button', { name: 'Schließen' }).click();
  await expect(page).toHaveURL(screenUrl(family, 'account'));
  // ... also when opened directly.
  await page.goto(transactionUrl);
  await expect(page.getByRole('dialog', { name: 'Umsatz' }).getByTestId('tx-method')).toHaveText('Banküberweisung');
  await page.getByRole('dialog', { name: 'Umsatz' }).getByRole('button', { name: 'Schließen' }).click();

  // A payout needs a payout account first (spec section 5).
  await page.getByLabel('Betrag in Euro').fill('12,50');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByTestId('error-payoutAccount')).toHaveText('Füge zuerst ein Auszahlungskonto hinzu.');

  // Add one: the screen explains the 1-cent transfer in the user's own name; the account appears live.
  await page.getByTestId('add-payout-account').click();
  if (isMobile(family)) await expect(page).toHaveURL(screenUrl(family, 'add-payout'));
  const guide = page.getByTestId('add-payout-guide');
  await expect(guide).toContainText('mindestens 1 Cent');
  await expect(guide.getByTestId('add-payout-name')).toHaveText(
    'Das Bankkonto muss auf deinen Namen lauten: Anna Berger.',
  );
  await expect(guide.getByTestId('personal-iban')).toHaveText(groupIban(wallet.IBAN));
  await simulateTransfer(page, { iban: wallet.IBAN, amountCents: 1, name: 'Berger Anna', fromIban: OWN_IBAN });
  await deliverWebhooks(page);
  await expect(page.getByTestId('payout-account-iban')).toHaveText(groupIban(OWN_IBAN));
  await snapshot(page, testInfo, 'account-add-payout');
  await page
    .getByRole(isMobile(family) ? 'link' : 'button', { name: 'Zurück zum Konto' })
    .first()
    .click();
  await expect(page.getByTestId('balance')).toHaveText('100,01 €');
  await expect(page.getByTestId('error-payoutAccount')).toHaveCount(0);

  // Pay out: the spec's messages at the amount field.
  const amount = page.getByLabel('Betrag in Euro');
  await expect(page.getByTestId('payout-account-select')).toHaveValue(/.+/);
  await amount.fill('0,05');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByTestId('error-amount')).toHaveText('Der Mindestbetrag für eine Auszahlung ist 0,10 €.');
  await amount.fill('5.000');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByTestId('error-amount')).toHaveText('So viel Guthaben hast du nicht verfügbar.');
  await amount.fill('12,50');
  await page.getByRole('button', { name: 'Weiter' }).click();

  // The SMS code step: a wrong code first, then the one from the development mailbox.
  const sheet = page.getByRole('dialog', { name: 'Auszahlung bestätigen' });
  await expect(sheet).toContainText('12,50 €');
  await expect(sheet).toContainText(groupIban(OWN_IBAN));
  await snapshot(page, testInfo, 'account-payout-code');
  const sms = await newestMessage(page, phone, 'sms');
  const code = sms.bodyText.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the SMS: ${sms.bodyText}`);
  const wrong = code === '000000' ? '111111' : '000000';
  await sheet.getByLabel('Code aus der SMS').fill(wrong);
  await sheet.getByRole('button', { name: '12,50 € auszahlen' }).click();
  await expect(sheet.getByTestId('error-smsCode')).toHaveText('Der eingebene Code ist leider falsch');
  await sheet.getByLabel('Code aus der SMS').fill(code);
  await sheet.getByRole('button', { name: '12,50 € auszahlen' }).click();
  await expect(page.getByRole('dialog', { name: 'Auszahlung ist unterwegs' })).toBeVisible();

  // The balance drops at once (the amount is reserved), without a reload; the payout completes on delivery.
  await expect(page.getByTestId('balance')).toHaveText('87,51 €');
  await expect(page.getByTestId('available-balance')).toHaveText('87,51 €');
  await page.getByRole('button', { name: 'Fertig' }).click();
  await deliverWebhooks(page);
  await expect(page.getByTestId('held-balance')).toHaveText('0,00 €');
  const payoutRow = past.getByTestId('transaction-row').filter({ hasText: 'Auszahlung' });
  await expect(payoutRow.getByTestId('transaction-amount')).toHaveText('− 12,50 €');
  await expect(payoutRow.getByTestId('transaction-state')).toHaveText('Abgeschlossen');
  await expect(page.getByTestId('balance')).toHaveText('87,51 €');
  await snapshot(page, testInfo, 'account-after-payout');
});
