import { expect, test } from '@playwright/test';
import { logIn, logOut, newestCode, newestMail, openMailbox, openSettings, uniqueEmail } from './auth-support.js';
import { familyOf, finishFirstOpen, isMobile, screenUrl } from './shell-support.js';

/**
 * Issue 4, "must show": register, read the e-mail in the development mailbox, confirm, set name and
 * password, log out, log in, reset the password with the e-mailed code, change it in settings, log in
 * with the new one. One run per route family, against the real server on a fresh database.
 */
test('an account from registration to a changed password', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  const email = uniqueEmail(testInfo, 'anna');
  const firstPassword = 'Ziegelstein-am-See';
  const resetPassword = 'Dachgaube-im-Winter';
  const changedPassword = 'Fensterbank-Sommer-7';
  await finishFirstOpen(page, family);

  // Register: person, e-mail (client check first), confirmation screen.
  await page.goto(`/${family}/register`);
  await page.getByTestId('register-person').click();
  await page.getByLabel('E-Mail-Adresse').fill('anna@beispiel');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByTestId('error-email')).toHaveText('Die eingegebene E-Mail Adresse ist ungültig.');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { name: 'Bestätige deine E-Mail-Adresse' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // The e-mail in the development mailbox; 'no e-mail received' sends a new link that retires the first.
  const mailbox = await openMailbox(page, email);
  await newestMail(mailbox, /Bestätige deine E-Mail-Adresse/, 1);
  await page.getByRole('button', { name: 'E-Mail nochmal senden' }).click();
  await expect(page.getByTestId('form-success')).toHaveText('Wir haben dir die E-Mail nochmal geschickt.');
  const verification = await newestMail(mailbox, /Bestätige deine E-Mail-Adresse/, 2);
  const link = (await verification.getByTestId('mail-link').first().getAttribute('href')) ?? '';
  expect(link).toMatch(/\/verify\/[^/]+$/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/register\?verificationToken=/);

  // NamePassword: the rule of every new password, at least 10 characters and a capital letter (issue 34).
  await expect(page.getByRole('heading', { name: 'Wie heißt du?' })).toBeVisible();
  await page.getByLabel('Vorname').fill('Anna');
  await page.getByLabel('Nachname').fill('Berger');
  await page.getByLabel('Passwort', { exact: true }).fill('kurz');
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page.getByTestId('error-passwordNew')).toHaveText('Das Passwort muss mindestens 10 Zeichen lang sein.');
  await page.getByLabel('Passwort', { exact: true }).fill('ziegelstein-am-see');
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page.getByTestId('error-passwordNew')).toHaveText(
    'Das Passwort muss mindestens einen Großbuchstaben enthalten.',
  );
  await page.getByLabel('Passwort', { exact: true }).fill(firstPassword);
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page).toHaveURL(screenUrl(family, 'marketplace'));
  if (!isMobile(family)) await expect(page.getByTestId('user-menu')).toContainText(email);

  // Log out, fail once, log in.
  await logOut(page, family);
  await logIn(page, family, email, 'nicht-das-passwort');
  await expect(page.getByTestId('form-error')).toHaveText(
    /^(Das eingegebene Passwort ist leider falsch\.|Passwort und E-Mail-Adresse passen nicht zusammen\.)$/,
  );
  await logIn(page, family, email, firstPassword);
  await expect(page).toHaveURL(screenUrl(family, 'marketplace'));
  await logOut(page, family);

  // Reset: e-mail → code (a wrong one first) → new password (rules at the field) → success.
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(screenUrl(family, 'reset-password'));
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Code anfordern' }).click();
  await expect(page.getByRole('heading', { name: 'Gib deinen Code ein' })).toBeVisible();
  const code = await newestCode(mailbox, 1);
  await page.getByLabel('Code').fill(code === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByTestId('error-code')).toHaveText('Der eingegebene Code ist falsch.');
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { name: 'Neues Passwort' })).toBeVisible();
  await page.getByLabel('Neues Passwort').fill('dachgaube-im-winter');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByTestId('error-passwordNew')).toHaveText(
    'Das Passwort muss mindestens einen Großbuchstaben enthalten.',
  );
  await page.getByLabel('Neues Passwort').fill(resetPassword);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByRole('heading', { name: 'Passwort geändert' })).toBeVisible();
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();

  // The old password is gone; the reset one works.
  await logIn(page, family, email, firstPassword);
  await expect(page.getByTestId('form-error')).toBeVisible();
  await logIn(page, family, email, resetPassword);
  await expect(page).toHaveURL(screenUrl(family, 'marketplace'));

  // Change it in settings: a wrong current password first.
  await openSettings(page, family);
  const form = page.getByTestId('change-password');
  await form.getByLabel('Aktuelles Passwort').fill('falsches-Passwort-1');
  await form.getByLabel('Neues Passwort').fill(changedPassword);
  await form.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByTestId('error-passwordOld')).toHaveText('Passwort ist nicht korrekt');
  await form.getByLabel('Aktuelles Passwort').fill(resetPassword);
  await form.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByTestId('form-success')).toHaveText('Dein Passwort wurde geändert.');

  // Log in with the new one.
  await logOut(page, family);
  await logIn(page, family, email, changedPassword);
  await expect(page).toHaveURL(screenUrl(family, 'marketplace'));
  await mailbox.close();
});
