import path from 'node:path';
import { type APIRequestContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { familyOf } from './shell-support.js';

/**
 * Issue 38, the real providers' screens in a production-like start (NODE_ENV=production, no demo
 * mode; Onfido, IDnow and Skribble at their local contract servers): the document capture runs
 * Onfido's web SDK for the workflow run the API opened and, after Onfido's signed webhook, the
 * investor is identified; a video identification goes to IDnow's page and, back from it, waits on
 * the pending screen until IDnow's callback. Onfido's SDK itself comes from Onfido's CDN
 * (sdk.onfido.com), which the tests cannot reach: a stand-in module answers there, renders in the
 * container our page gives it and reports the capture through the SDK's `onComplete`.
 */

/** The production-like server's control port (playwright.production.config.ts: the app's port + 2). */
const controlOrigin = `http://127.0.0.1:${Number(process.env.E2E_PRODUCTION_PORT ?? 3299) + 2}`;

const SHOT_SIZE: Readonly<Record<string, string>> = { mobileWeb: '390x844', desktopWeb: '1280x800' };
const shot = async (page: Page, testInfo: TestInfo, name: string) => {
  const body = await page.screenshot({ fullPage: true, animations: 'disabled' });
  await testInfo.attach(`${name}-${testInfo.project.name}.png`, { body, contentType: 'image/png' });
  const size = SHOT_SIZE[testInfo.project.name];
  if (process.env.UPDATE_SCREENSHOTS === '1' && size) {
    await page.screenshot({
      path: path.join(import.meta.dirname, '../../docs/screenshots', `${name}-${size}.png`),
      animations: 'disabled',
    });
  }
};

const control = async (request: APIRequestContext, method: 'GET' | 'POST', url: string) => {
  const response = await request.fetch(`${controlOrigin}${url}`, { method });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
};

/** The stand-in for Onfido's SDK module: what the real one is given, shown, and `onComplete` on its button. */
const ONFIDO_SDK_STAND_IN = `
export const Onfido = {
  init(options) {
    const root = options.containerEl;
    root.innerHTML = '<div data-testid="onfido-sdk" style="padding:24px;font-family:sans-serif">' +
      '<p><strong>Onfido</strong> – Dokument und Selfie</p>' +
      '<p data-testid="onfido-run"></p><p data-testid="onfido-language"></p>' +
      '<button type="button" style="padding:8px 16px">Aufnahme abschließen</button></div>';
    root.querySelector('[data-testid=onfido-run]').textContent = options.workflowRunId;
    root.querySelector('[data-testid=onfido-language]').textContent = String(options.language);
    root.querySelector('button').addEventListener('click', () => options.onComplete({}));
    return { tearDown: async () => { root.innerHTML = ''; }, addEventListener() {}, removeEventListener() {} };
  },
};`;

let counter = 0;
/** A fresh investor: registered with the link from the real e-mail, name and personal data entered. */
const registerInvestor = async (page: Page, testInfo: TestInfo): Promise<{ email: string; phone: string }> => {
  counter += 1;
  const email = `real-${testInfo.project.name.toLowerCase()}-${process.pid}-${Date.now()}-${counter}@example.at`;
  const request = page.request;
  expect((await request.post('/auth/register', { data: { email } })).status()).toBe(200);
  const { text } = await control(request, 'GET', `/mail?to=${encodeURIComponent(email)}`);
  const token = /\/verify\/([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];
  const verified = await request.post('/auth/verify-email', { data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  const headers = { 'x-csrf-token': (await verified.json()).data.csrfToken as string };
  const phone = `0664${String(Date.now() + counter).slice(-7)}`;
  const steps: [string, Record<string, unknown>, 'put' | 'post'][] = [
    ['/api/v2/user', { firstName: 'Paula', lastName: 'Produktiv' }, 'put'],
    [
      '/api/v2/user/personalInformation/address',
      { street: 'Mariahilfer Straße 12', postcode: '1060', city: 'Wien', domicile: 'AT' },
      'put',
    ],
    ['/api/v2/user/personalInformation/birthDate', { birthDate: '1985-07-04' }, 'put'],
    ['/api/v2/user/personalInformation/birthPlace', { birthCountry: 'AT', birthCity: 'Graz' }, 'put'],
    ['/api/v2/user/personalInformation/nationality', { nationality: 'AT' }, 'put'],
    ['/api/v1/user/complianceInformation', { PEP: false }, 'post'],
    ['/api/v2/user/personalInformation/socialSecurityNumber', { socialSecurityNumber: '1237010180' }, 'put'],
    ['/api/v2/user/account/iban', { iban: 'AT611904300234573201', VAT: false }, 'put'],
    ['/api/v2/user/phone', { phone }, 'put'],
  ];
  for (const [url, data, method] of steps) {
    const response = await request[method](url, { headers, data });
    expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  }
  return { email, phone: `+43${phone.slice(1)}` };
};

test.beforeAll(async ({ request }) => {
  // The operator's first steps on a fresh install: the first staff member, the partner.
  await control(request, 'POST', '/setup');
});

test('document identification captures in Onfido’s SDK and is decided by Onfido’s webhook', async ({
  page,
}, testInfo) => {
  await page.route('https://sdk.onfido.com/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      headers: { 'access-control-allow-origin': '*' },
      body: ONFIDO_SDK_STAND_IN,
    }),
  );
  await registerInvestor(page, testInfo);
  await page.goto(`/${familyOf(testInfo)}/identification`);
  await page.getByLabel('Dokumentnummer').fill('P1234567');
  await page.getByRole('button', { name: 'Weiter' }).click();

  // The API opened the workflow run; the page runs Onfido's SDK for exactly that run, in German.
  await expect(page.getByRole('heading', { name: 'Ausweis und Selfie aufnehmen' })).toBeVisible();
  await expect(page.getByTestId('onfido-sdk')).toBeVisible();
  const runs: { id: string; status: string }[] = await control(page.request, 'GET', '/onfido/runs');
  const run = runs.at(-1);
  await expect(page.getByTestId('onfido-run')).toHaveText(run?.id ?? 'no run');
  await expect(page.getByTestId('onfido-language')).toHaveText('de_DE');
  await shot(page, testInfo, 'identification-onfido-capture');

  await page.getByRole('button', { name: 'Aufnahme abschließen' }).click();
  await expect(page.getByRole('heading', { name: 'Danke, deine Aufnahmen sind angekommen' })).toBeVisible();
  await shot(page, testInfo, 'identification-onfido-captured');

  // Onfido decides and sends its signed webhook; the screen moves on by itself.
  await control(page.request, 'POST', `/onfido/complete?runId=${run?.id}&status=approved`);
  await expect(page.getByTestId('identification-success')).toBeVisible({ timeout: 25_000 });
});

test('video identification goes to IDnow’s page and, back from it, waits for IDnow’s result', async ({
  page,
}, testInfo) => {
  await registerInvestor(page, testInfo);
  const family = familyOf(testInfo);
  await page.goto(`/${family}/identification`);
  await page.getByText('Per Video-Call').click();
  await page.getByRole('button', { name: 'Weiter' }).click();

  // The browser is at IDnow's page of the ident the API started.
  await expect(page.getByRole('heading', { name: /IDnow Video-Ident/ })).toBeVisible();
  const idents: { transactionNumber: string; id: string }[] = await control(page.request, 'GET', '/idnow/idents');
  const ident = idents.at(-1);
  expect(page.url()).toContain(`/identifications/${ident?.id}`);

  // IDnow sends the investor back (the return address of IDnow's company settings).
  await page.goto(`/${family}/identification`);
  await expect(page.getByRole('heading', { name: 'Video-Identifizierung' })).toBeVisible();
  await expect(page.getByTestId('idnow-id')).toHaveText(ident?.id ?? 'no ident');
  await expect(page.getByTestId('idnow-return')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Video-Call öffnen' })).toHaveAttribute(
    'href',
    new RegExp(`/identifications/${ident?.id}$`),
  );
  await shot(page, testInfo, 'identification-idnow-return');

  // The ident specialist decides; IDnow's checked callback makes the screen move on.
  await control(page.request, 'POST', `/idnow/finish?transactionNumber=${ident?.transactionNumber}&result=SUCCESS`);
  await expect(page.getByTestId('identification-success')).toBeVisible({ timeout: 25_000 });
});

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4_000, 9)]);

/** Skribble's signing page (https://my.skribble.com/view/…), as a stand-in: it shows where it returns to. */
const SKRIBBLE_PAGE = (exitUrl: string) =>
  `<!doctype html><html lang="de"><meta charset="utf-8"><title>Skribble</title><h1>Skribble – Unterschreiben</h1>
<a data-testid="skribble-exit" href="${exitUrl}">Zurück</a></html>`;

test('the agreements are signed on Skribble’s page; back from it, the screen waits for Skribble', async ({
  page,
}, testInfo) => {
  const { email, phone } = await registerInvestor(page, testInfo);
  const csrf = (await page.context().cookies()).find((item) => item.name === 'bw_csrf')?.value ?? '';
  const headers = { 'x-csrf-token': decodeURIComponent(csrf) };
  // Identified through Onfido as in the first test, here through the same calls without the screens.
  const A = '/api/v1/identification/docident';
  const started = await page.request.post(A, {
    headers,
    data: { documentType: 'passport', documentNumber: 'P7654321' },
  });
  expect(started.status(), await started.text()).toBe(200);
  const session = await (await page.request.get(`${A}/captureSession`)).json();
  await control(page.request, 'POST', `/onfido/complete?runId=${session.data.workflowRunId}&status=approved`);

  await page.route('https://my.skribble.com/**', (route) => {
    const exitUrl = new URL(route.request().url()).searchParams.get('exitURL') ?? '';
    return route.fulfill({ contentType: 'text/html; charset=utf-8', body: SKRIBBLE_PAGE(exitUrl) });
  });
  const family = familyOf(testInfo);
  await page.goto(`/${family}/identification`);
  await expect(page.getByTestId('identification-success')).toBeVisible({ timeout: 25_000 });
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  const pad = page.getByTestId('signature-pad');
  // In the middle of the screen, clear of the phone layout's bottom navigation.
  await pad.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const frame = await pad.boundingBox();
  if (!frame) throw new Error('no signature pad');
  await page.mouse.move(frame.x + 30, frame.y + 100);
  await page.mouse.down();
  for (const [dx, dy] of [
    [80, 40],
    [140, 110],
    [200, 50],
  ] as const)
    await page.mouse.move(frame.x + dx, frame.y + dy, { steps: 4 });
  await page.mouse.up();
  await page.getByRole('button', { name: 'Unterschrift bestätigen' }).click();
  await page
    .getByTestId('upload-signature-selfie')
    .setInputFiles({ name: 'selfie.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await page.getByRole('button', { name: 'SMS-Code senden' }).click();
  await expect(page.getByLabel('SMS-Code')).toBeVisible();
  let code = '';
  await expect(async () => {
    const messages: { body: string }[] = await control(page.request, 'GET', `/sms?to=${encodeURIComponent(phone)}`);
    code = /: (\d{6})\./.exec(messages.at(-1)?.body ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
  }).toPass({ timeout: 15_000 });
  await page.getByLabel('SMS-Code').fill(code);
  await page.getByRole('button', { name: 'Unterschreiben' }).click();

  // At Skribble's signing page, which knows where to send the signer back.
  await expect(page.getByRole('heading', { name: 'Skribble – Unterschreiben' })).toBeVisible();
  await page.getByTestId('skribble-exit').click();
  await expect(page).toHaveURL(new RegExp(`/${family}/identification$`));
  await expect(page.getByTestId('signature-at-provider')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zur Unterschrift' })).toHaveAttribute(
    'href',
    /^https:\/\/my\.skribble\.com\/view\/.*exitURL=/,
  );
  await shot(page, testInfo, 'identification-skribble-return');

  // Skribble reports the signature; its callback makes the screen finish.
  await control(page.request, 'POST', `/skribble/sign?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: 'Geschafft!' })).toBeVisible({ timeout: 25_000 });
});
