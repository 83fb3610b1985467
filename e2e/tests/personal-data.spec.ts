import path from 'node:path';
import { expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import { registerAndLogIn, setPhone } from './account-support.js';
import { uniqueEmail } from './auth-support.js';
import { familyOf, finishFirstOpen, screenUrl } from './shell-support.js';

/**
 * Issue 5, the personal-data steps of the identification flow in each route family (spec sections 4
 * and 5): one wrong input per step with its exact German message, then the right one, until the
 * external identification; a company registration; the identification reminder.
 */

/** The screen as the user sees it (390x844 on the phone families, 1440x900 on desktop), `focus` in the middle. */
const shot = async (page: Page, testInfo: TestInfo, name: string, focus?: Locator) => {
  if (focus) await focus.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const body = await page.screenshot({ animations: 'disabled' });
  await testInfo.attach(`${name}-${testInfo.project.name}.png`, { body, contentType: 'image/png' });
  if (process.env.PERSONAL_DATA_SHOTS) {
    await page.screenshot({
      path: path.join(process.env.PERSONAL_DATA_SHOTS, `${name}-${testInfo.project.name}.png`),
      animations: 'disabled',
    });
  }
};

/** A freshly registered, logged-in user (desktop at 1440x900). */
const freshUser = async (page: Page, testInfo: TestInfo, label: string) => {
  if (familyOf(testInfo) === 'desktopWeb') await page.setViewportSize({ width: 1440, height: 900 });
  await finishFirstOpen(page, familyOf(testInfo));
  await registerAndLogIn(page, {
    email: uniqueEmail(testInfo, label),
    firstName: 'Erika',
    lastName: 'Muster',
    password: 'Ziegelstein-Anteil-2026',
  });
};

const next = (page: Page) => page.getByRole('button', { name: 'Weiter' }).click();
const heading = (page: Page, name: string) => expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
const stepOf = (page: Page, current: number, total: number) =>
  expect(page.getByText(`Identifizierung · Schritt ${current} von ${total}`)).toBeVisible();

test('a new user walks the personal-data steps, each wrong input shows its message, and arrives at the identification', async ({
  page,
}, testInfo) => {
  const family = familyOf(testInfo);
  await freshUser(page, testInfo, 'personal-data');
  await page.goto(`/${family}/marketplace`);
  const banner = page.getByTestId('open-step-banner');
  await expect(banner).toContainText('Identifiziere dich, um investieren zu können.');
  await shot(page, testInfo, 'open-step-banner');
  await banner.getByRole('link', { name: 'Jetzt erledigen' }).click();
  await expect(page).toHaveURL(screenUrl(family, 'identification'));

  // Address: only a residence in Austria (spec section 5); the street without a number gets 1.
  await heading(page, 'Wo wohnst du?');
  await stepOf(page, 1, 6);
  await page.getByLabel('Straße', { exact: true }).fill('Mariahilfer Straße');
  await page.getByLabel('Postleitzahl').fill('1060');
  await page.getByLabel('Ort', { exact: true }).fill('Wien');
  await page.getByLabel('Land des Wohnsitzes').selectOption('DE');
  await shot(page, testInfo, 'personal-data-address');
  await next(page);
  await expect(page.getByTestId('error-domicile')).toHaveText(
    'Derzeit können sich nur Personen mit Wohnsitz in Österreich registrieren.',
  );
  await page.getByLabel('Land des Wohnsitzes').selectOption('AT');
  await next(page);

  // Birthday: the server's three messages, then a real adult's date.
  await heading(page, 'Wann bist du geboren?');
  await stepOf(page, 2, 6);
  await next(page);
  await expect(page.getByTestId('error-birthDate')).toHaveText('Gib das Geburtsdatum ein.');
  const day = page.getByLabel('Tag', { exact: true });
  const month = page.getByLabel('Monat', { exact: true });
  const year = page.getByLabel('Jahr', { exact: true });
  await day.fill('31');
  await month.fill('02');
  await year.fill('1990');
  await next(page);
  await expect(page.getByTestId('error-birthDate')).toHaveText('Das Geburtsdatum ist nicht korrekt.');
  await year.fill(String(new Date().getFullYear() - 10));
  await month.fill('01');
  await next(page);
  await expect(page.getByTestId('error-birthDate')).toHaveText(
    'Diese Plattform ist nur für Personen über 18 Jahren zugänglich.',
  );
  await shot(page, testInfo, 'personal-data-birthday-error', page.getByTestId('error-birthDate'));
  await day.fill('04');
  await month.fill('07');
  await year.fill('1985');
  await next(page);

  // Birthplace; back removes the last step and the draft keeps the input.
  await heading(page, 'Wo bist du geboren?');
  await page.getByRole('button', { name: 'Zurück' }).click();
  await heading(page, 'Wann bist du geboren?');
  await expect(page.getByLabel('Jahr', { exact: true })).toHaveValue('1985');
  await next(page);
  await heading(page, 'Wo bist du geboren?');
  await stepOf(page, 3, 6);
  await page.getByLabel('Geburtsland').selectOption('AT');
  await next(page);
  await expect(page.getByTestId('error-birthCity')).toHaveText('Bitte fülle dieses Feld aus.');
  await page.getByLabel('Geburtsort').fill('Graz');
  // The registration draft is kept encrypted on the device: a reload resumes here with the input.
  await page.reload();
  await heading(page, 'Wo bist du geboren?');
  // Address and Birthday are done now, so the walk chosen anew has four steps.
  await stepOf(page, 1, 4);
  await expect(page.getByLabel('Geburtsort')).toHaveValue('Graz');
  await expect(page.getByLabel('Geburtsland')).toHaveValue('AT');
  await next(page);

  // Nationality.
  await heading(page, 'Welche Staatsbürgerschaft hast du?');
  await next(page);
  await expect(page.getByTestId('error-nationality')).toHaveText('Bitte fülle dieses Feld aus.');
  await page.getByLabel('Staatsbürgerschaft').selectOption('AT');
  await next(page);

  // ComplianceDocuments: the four confirmations, the social security number's check digit, the IBAN.
  await heading(page, 'Bestätigungen und Steuerdaten');
  await next(page);
  await expect(page.getByText('Bitte bestätige diesen Punkt.')).toHaveCount(4);
  for (const box of await page.getByRole('checkbox', { name: /^(Ich bin|Ich handle|Mein Geld)/ }).all()) {
    await box.check();
  }
  await page.getByLabel('Sozialversicherungsnummer').fill('1234010180');
  await page.getByRole('radio', { name: 'Nein' }).first().check();
  await page.getByLabel('IBAN für Auszahlungen').fill('AT611904300234573201');
  await page.getByRole('radio', { name: 'Ein:e Tippgeber:in' }).check();
  await page.getByLabel('Name', { exact: true }).fill('Max Tipp');
  await next(page);
  await expect(page.getByTestId('error-socialSecurityNumber')).toHaveText('Ungültig');
  await shot(page, testInfo, 'personal-data-compliance-error', page.getByTestId('error-socialSecurityNumber'));
  await page.getByLabel('Sozialversicherungsnummer').fill('1237010180');
  await next(page);

  // PhoneNumber: digits only, then a number of our own.
  await heading(page, 'Deine Handynummer');
  await stepOf(page, 4, 4);
  await page.getByLabel('Handynummer').fill('0664-123');
  await next(page);
  await expect(page.getByTestId('error-phone')).toHaveText('Es sind nur Zahlen erlaubt.');
  await shot(page, testInfo, 'personal-data-phone-error', page.getByTestId('error-phone'));
  await page.getByLabel('Handynummer').fill(`0664${String(Date.now()).slice(-7)}`);
  await next(page);

  // The next step: the external identification.
  await expect(page.getByRole('heading', { name: 'Identifizierung', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Ausweisdokument')).toBeVisible();
  await shot(page, testInfo, 'personal-data-handover');
  const user = (await (await page.request.get('/api/v1/user')).json()) as {
    data: {
      phone: string;
      PEP: boolean;
      account: { IBAN: string; VAT: boolean };
      personalInformation: { birthDate: string; address: { street: string; houseNumber: string } };
      registrationProcessStatus: { personalInformation: boolean };
    };
  };
  expect(user.data.registrationProcessStatus.personalInformation).toBe(true);
  expect(user.data.personalInformation.address).toMatchObject({ street: 'Mariahilfer Straße', houseNumber: '1' });
  expect(user.data.personalInformation.birthDate).toBe('1985-07-04');
  expect(user.data).toMatchObject({ PEP: false, account: { IBAN: 'AT611904300234573201', VAT: false } });
  expect(user.data.phone).toMatch(/^\+43664\d{7}$/);
});

test('a user registers a company: the e-mail is checked, then the company is created and linked', async ({
  page,
}, testInfo) => {
  const family = familyOf(testInfo);
  await freshUser(page, testInfo, 'company');
  await page.goto(`/${family}/company-registration`);
  await heading(page, 'Firma registrieren');
  await page.getByLabel('Firmenname').fill('Ziegel & Söhne GmbH');
  await page.getByLabel('E-Mail der Firma').fill('office@ziegel');
  await page.getByLabel('Telefonnummer').fill('0664 1234567');
  await page.getByLabel('Straße und Hausnummer').fill('Ringstraße 12');
  await page.getByLabel('Postleitzahl').fill('1010');
  await page.getByLabel('Ort', { exact: true }).fill('Wien');
  await page.getByLabel('Firmenbuchnummer').fill('FN 123456a');
  await page.getByLabel('Steuernummer oder UID').fill('ATU12345678');
  await page.getByRole('button', { name: 'Firma registrieren' }).click();
  await expect(page.getByTestId('error-email')).toHaveText('E-Mail nicht gültig');
  await shot(page, testInfo, 'company-registration-error', page.getByTestId('error-email'));
  await page.getByLabel('E-Mail der Firma').fill('office@ziegel-soehne.at');
  await page.getByRole('button', { name: 'Firma registrieren' }).click();
  await heading(page, 'Deine Firma ist registriert');
  await expect(page.getByText('Ziegel & Söhne GmbH ist jetzt mit deinem Konto verbunden.')).toBeVisible();
  await shot(page, testInfo, 'company-registration-done');
  const company = (await (await page.request.get('/api/v1/company')).json()) as {
    data: { name: string; street: string; houseNumber: string; phone: string };
  };
  expect(company.data).toMatchObject({ name: 'Ziegel & Söhne GmbH', street: 'Ringstraße', houseNumber: '12' });
  await page.reload();
  await heading(page, 'Deine Firma ist registriert');
});

test('the identification reminder: tomorrow 18:00, Sunday 15:00 or none, each returns to the marketplace', async ({
  page,
}, testInfo) => {
  const family = familyOf(testInfo);
  await freshUser(page, testInfo, 'reminder');
  const choices = [
    { name: 'Morgen um 18:00', hour: 18 },
    { name: 'Am Sonntag um 15:00', hour: 15 },
    { name: 'Nicht erinnern', hour: null },
  ] as const;
  for (const choice of choices) {
    await page.goto(`/${family}/identification`);
    await heading(page, 'Wo wohnst du?');
    await page.getByRole('button', { name: 'Später erinnern' }).click();
    await expect(page.getByRole('dialog', { name: 'Wann sollen wir dich erinnern?' })).toBeVisible();
    if (choice.hour === 18) await shot(page, testInfo, 'personal-data-reminder');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/v1/reminder') && r.method() === 'POST');
    await page.getByRole('button', { name: choice.name }).click();
    const body = (await request).postDataJSON() as { type: string; date: string | null };
    expect(body.type).toBe('identification');
    if (choice.hour === null) {
      expect(body.date).toBeNull();
    } else {
      // The browser runs in Europe/Vienna (playwright.config.ts): the hour is Vienna's.
      const hour = await page.evaluate((iso) => new Date(iso).getHours(), body.date ?? '');
      expect(hour).toBe(choice.hour);
    }
    await expect(page).toHaveURL(screenUrl(family, 'marketplace'));
  }
});

/** The session's CSRF token (ADR 0003: the readable `bw_csrf` cookie). */
const csrf = async (page: Page): Promise<Record<string, string>> => {
  const cookie = (await page.context().cookies()).find((item) => item.name === 'bw_csrf');
  return cookie ? { 'x-csrf-token': decodeURIComponent(cookie.value) } : {};
};

/** Every personal-data step but the phone, through the API (spec section 7). */
const personalDataWithoutPhone = async (page: Page) => {
  const headers = await csrf(page);
  const calls: readonly [method: 'put' | 'post', path: string, data: object][] = [
    [
      'put',
      '/api/v2/user/personalInformation/address',
      { street: 'Hauptplatz 1', postcode: '8010', city: 'Graz', domicile: 'AT' },
    ],
    ['put', '/api/v2/user/personalInformation/birthDate', { birthDate: '1985-07-04' }],
    ['put', '/api/v2/user/personalInformation/birthPlace', { birthCountry: 'AT', birthCity: 'Graz' }],
    ['put', '/api/v2/user/personalInformation/nationality', { nationality: 'AT' }],
    ['put', '/api/v2/user/personalInformation/socialSecurityNumber', { socialSecurityNumber: '1237010180' }],
    ['post', '/api/v1/user/complianceInformation', { PEP: false }],
    ['put', '/api/v2/user/account/iban', { iban: 'AT611904300234573201', VAT: false }],
  ];
  for (const [method, url, data] of calls) {
    const response = await page.request[method](url, { headers, data });
    expect(response.status(), await response.text()).toBe(200);
  }
};

test('a phone number another account uses: the dialog offers support or login', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  const phone = `0664${String(Date.now()).slice(-7)}`;
  await freshUser(page, testInfo, 'phone-owner');
  await setPhone(page, phone);
  // A second account on the same device (the first one's session ends): only the phone step is left for it.
  await page.context().clearCookies();
  await registerAndLogIn(page, {
    email: uniqueEmail(testInfo, 'phone-second'),
    firstName: 'Max',
    lastName: 'Muster',
    password: 'Ziegelstein-Anteil-2026',
  });
  await personalDataWithoutPhone(page);
  await page.goto(`/${family}/identification`);
  await heading(page, 'Deine Handynummer');
  await stepOf(page, 1, 1);
  await page.getByLabel('Handynummer').fill(phone);
  await next(page);
  const dialog = page.getByRole('dialog', { name: 'Diese Nummer wird schon verwendet' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Zur Anmeldung' })).toBeVisible();
  await shot(page, testInfo, 'personal-data-phone-taken');
  await dialog.getByRole('link', { name: 'Support kontaktieren' }).click();
  await expect(page).toHaveURL(screenUrl(family, 'support'));
});
