import { termsAcceptances } from '@bw/db';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createLoggedInUser, type LoggedIn } from '../auth/auth.test-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const errorOf = (res: { json(): unknown }) => (res.json() as ErrorJson).error;

const call = (user: LoggedIn, method: 'PUT' | 'POST', url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: user.headers, payload });
const me = async (user: LoggedIn) => (await t.app.inject({ url: '/api/v1/user', headers: user.headers })).json().data;

describe('personal information (Address, Birthday, Birthplace, Nationality, ComplianceDocuments, PhoneNumber)', () => {
  it('walks through the steps; registrationProcessStatus.personalInformation turns true at the end', async () => {
    const user = await createLoggedInUser(t.app);
    const before = await me(user);
    expect(before.registrationProcessStatus).toEqual({
      personalInformation: false,
      paymentProviderCreation: false,
      kycDocuments: false,
      knowledgeAndExperience: false,
      securityApp: false,
      accountPayIn: false,
      userWasActivatedOnce: false,
    });
    expect(before.personalInformation.address).toEqual({
      street: null,
      houseNumber: null,
      city: null,
      PLZ: null,
      domicile: null,
    });
    expect(before.PEP).toBeNull();

    const address = await call(user, 'PUT', '/api/v2/user/personalInformation/address', {
      street: 'Mariahilfer Straße 12/3',
      postcode: '1060',
      city: 'Wien',
      domicile: 'at',
    });
    expect(address.statusCode).toBe(200);
    expect(address.json().data.personalInformation).toMatchObject({
      domicile: 'AT',
      address: { street: 'Mariahilfer Straße', houseNumber: '12/3', city: 'Wien', PLZ: '1060', domicile: 'AT' },
    });

    const birthDate = await call(user, 'PUT', '/api/v2/user/personalInformation/birthDate', {
      birthDate: '1985-07-04',
    });
    expect(birthDate.json().data.personalInformation.birthDate).toBe('1985-07-04');
    const birthPlace = await call(user, 'PUT', '/api/v2/user/personalInformation/birthPlace', {
      birthCountry: 'AT',
      birthCity: 'Graz',
    });
    expect(birthPlace.json().data.personalInformation).toMatchObject({ birthCountry: 'AT', birthCity: 'Graz' });
    const nationality = await call(user, 'PUT', '/api/v2/user/personalInformation/nationality', {
      nationality: 'at',
    });
    expect(nationality.json().data.personalInformation.nationality).toBe('AT');
    const pep = await call(user, 'POST', '/api/v1/user/complianceInformation', { PEP: false });
    expect(pep.json().data.PEP).toBe(false);
    expect(pep.json().data.registrationProcessStatus.personalInformation).toBe(false); // no phone yet

    const phone = `0664 ${String((process.pid * 31 + 7) % 10_000_000).padStart(7, '0')}`;
    const withPhone = await call(user, 'PUT', '/api/v2/user/phone', { phone });
    expect(withPhone.statusCode).toBe(200);
    expect(withPhone.json().data.registrationProcessStatus.personalInformation).toBe(true);
    expect((await me(user)).registrationProcessStatus.personalInformation).toBe(true);

    // A politically exposed person cannot confirm "not a PEP": the step is open again.
    const isPep = await call(user, 'POST', '/api/v1/user/complianceInformation', { PEP: true });
    expect(isPep.json().data).toMatchObject({ PEP: true, registrationProcessStatus: { personalInformation: false } });
  });

  it('refuses an incomplete address and a residence outside Austria, field by field', async () => {
    const user = await createLoggedInUser(t.app);
    const incomplete = await call(user, 'PUT', '/api/v2/user/personalInformation/address', {
      street: 'Hauptplatz',
      postcode: '80331',
      city: '',
      domicile: 'AT',
    });
    expect(incomplete.statusCode).toBe(400);
    expect(errorOf(incomplete)).toMatchObject({
      code: 'ADDRESS_INCOMPLETE',
      fields: { 'body.postcode': 'Die Postleitzahl ist nicht korrekt.', 'body.city': 'Bitte fülle dieses Feld aus.' },
    });
    const germany = await call(user, 'PUT', '/api/v2/user/personalInformation/address', {
      street: 'Marienplatz 1',
      postcode: '8033',
      city: 'München',
      domicile: 'DE',
    });
    expect(errorOf(germany)).toMatchObject({
      code: 'RESIDENCE_NOT_ALLOWED',
      fields: { 'body.domicile': 'Derzeit können sich nur Personen mit Wohnsitz in Österreich registrieren.' },
    });
    const noNumber = await call(user, 'PUT', '/api/v2/user/personalInformation/address', {
      street: 'Hauptplatz',
      postcode: '8010',
      city: 'Graz',
      domicile: 'AT',
    });
    expect(noNumber.json().data.personalInformation.address).toMatchObject({ street: 'Hauptplatz', houseNumber: '1' });
  });

  it("returns the server's birth-date message in error.fields['body.birthDate'], 18th birthday in Vienna", async () => {
    const user = await createLoggedInUser(t.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-14T23:30:00Z')); // already 15 March in Vienna
    const put = (birthDate: string | null) =>
      call(user, 'PUT', '/api/v2/user/personalInformation/birthDate', { birthDate });
    const cases: [string | null, string, string][] = [
      [null, 'BIRTH_DATE_REQUIRED', 'Gib das Geburtsdatum ein.'],
      ['2001-02-29', 'BIRTH_DATE_INVALID', 'Das Geburtsdatum ist nicht korrekt.'],
      ['2008-03-16', 'BIRTH_DATE_UNDERAGE', 'Diese Plattform ist nur für Personen über 18 Jahren zugänglich.'],
    ];
    for (const [birthDate, code, message] of cases) {
      const res = await put(birthDate);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code, message, fields: { 'body.birthDate': message } });
    }
    const eighteenToday = await put('2008-03-15');
    expect(eighteenToday.statusCode).toBe(200);
  });

  it('social security number with check digit, or an Austrian tax number instead; shown masked', async () => {
    const user = await createLoggedInUser(t.app);
    const url = '/api/v2/user/personalInformation/socialSecurityNumber';
    const wrong = await call(user, 'PUT', url, { socialSecurityNumber: '1234010180' });
    expect(errorOf(wrong)).toMatchObject({
      code: 'SOCIAL_SECURITY_NUMBER_INVALID',
      message: 'Ungültig',
      fields: { 'body.socialSecurityNumber': 'Ungültig' },
    });
    const right = await call(user, 'PUT', url, { socialSecurityNumber: '1237 010180' });
    expect(right.json().data.personalInformation).toMatchObject({
      socialSecurityNumber: '******0180',
      hasTaxNumberInsteadOfSocialSecurityNumber: false,
    });
    expect(right.body).not.toContain('1237010180');
    const taxNumber = await call(user, 'PUT', url, { taxNumber: '12-345/6789' });
    expect(taxNumber.json().data.personalInformation).toMatchObject({
      socialSecurityNumber: null,
      hasTaxNumberInsteadOfSocialSecurityNumber: true,
    });
    expect(errorOf(await call(user, 'PUT', url, {})).code).toBe('SOCIAL_SECURITY_NUMBER_INVALID');
  });
});

describe('account: tax ID, church tax, newsletter', () => {
  it("stores a German tax ID by its check digit, 'Ungültig' otherwise; one per country", async () => {
    const user = await createLoggedInUser(t.app);
    const url = '/api/v2/user/account/taxId';
    const invalid = await call(user, 'PUT', url, { taxId: '86095742711', country: 'DE' });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid)).toMatchObject({
      code: 'TAX_ID_INVALID',
      message: 'Ungültig',
      fields: { 'body.taxId': 'Ungültig' },
    });
    await call(user, 'PUT', url, { taxId: '47036892816', country: 'DE' });
    const replaced = await call(user, 'PUT', url, { taxId: '860 957 427 19', country: 'de' });
    await call(user, 'PUT', url, { taxId: '12-345/6789', country: 'AT' });
    expect(replaced.json().data.account.taxIds).toEqual([{ country: 'DE', taxId: '86095742719' }]);
    expect((await me(user)).account.taxIds).toEqual([
      { country: 'AT', taxId: '123456789' },
      { country: 'DE', taxId: '86095742719' },
    ]);
  });

  it('church tax and newsletter answers', async () => {
    const user = await createLoggedInUser(t.app);
    expect((await me(user)).account).toMatchObject({ hasChurchTax: null, marketingNewsletter: false });
    // A member names the Bundesland whose rate applies (8 % or 9 %, ADR 0030 and 0035).
    const noState = await call(user, 'PUT', '/api/v2/user/account/churchTax', { hasChurchTax: true });
    expect(errorOf(noState).code).toBe('CHURCH_TAX_STATE_REQUIRED');
    const church = await call(user, 'PUT', '/api/v2/user/account/churchTax', {
      hasChurchTax: true,
      churchTaxState: 'DE-BY',
    });
    expect(church.json().data.account).toMatchObject({ hasChurchTax: true, churchTaxState: 'DE-BY' });
    const news = await call(user, 'PUT', '/api/v2/user/account/marketingNewsletter', { marketingNewsletter: true });
    expect(news.json().data).toMatchObject({ marketingNewsletter: true, account: { marketingNewsletter: true } });
    const extra = await call(user, 'PUT', '/api/v2/user/account/churchTax', { hasChurchTax: true, userId: 'x' });
    expect(errorOf(extra).code).toBe('VALIDATION_FAILED');
  });

  it("stores the user's own IBAN when it is valid, with the small-business-owner (VAT) answer", async () => {
    const user = await createLoggedInUser(t.app);
    const url = '/api/v2/user/account/iban';
    const wrong = await call(user, 'PUT', url, { iban: 'AT61 1904 3002 3457 3202' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ code: 'IBAN_INVALID', fields: { 'body.iban': 'Die IBAN ist ungültig.' } });
    const right = await call(user, 'PUT', url, { iban: 'at61 1904 3002 3457 3201', VAT: true });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.account).toMatchObject({ IBAN: 'AT611904300234573201', VAT: true });
    const keepsVat = await call(user, 'PUT', url, { iban: 'DE89370400440532013000' });
    expect(keepsVat.json().data.account).toMatchObject({ IBAN: 'DE89370400440532013000', VAT: true });
    const vatText = await call(user, 'PUT', url, { iban: 'DE89370400440532013000', VAT: 'ATU12345678' });
    expect(errorOf(vatText).code).toBe('VALIDATION_FAILED');
  });

  it('every onboarding call needs a session', async () => {
    for (const [method, url, payload] of [
      ['PUT', '/api/v2/user/personalInformation/address', { street: 'Hauptplatz 1' }],
      ['PUT', '/api/v2/user/personalInformation/birthDate', { birthDate: '1985-07-04' }],
      ['PUT', '/api/v2/user/personalInformation/nationality', { nationality: 'AT' }],
      ['POST', '/api/v1/user/complianceInformation', { PEP: false }],
      ['PUT', '/api/v2/user/account/taxId', { taxId: '86095742719', country: 'DE' }],
      ['PUT', '/api/v2/user/account/churchTax', { hasChurchTax: false }],
    ] as const) {
      const res = await t.app.inject({ method, url, payload });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('PUT /api/v2/user/complianceInformation/terms', () => {
  it('stamps each accepted document with the server time and keeps the address; a refused box stores nothing', async () => {
    const user = await createLoggedInUser(t.app);
    const url = '/api/v2/user/complianceInformation/terms';
    const before = await me(user);
    expect(before.termsAcceptance).toEqual({
      productProvider: null,
      customerInformation: null,
      identityProvider: null,
      energyProvider: null,
      paymentProvider: null,
      furtherProvider: null,
      furtherProviderPrivacy: null,
    });

    const refused = await call(user, 'PUT', url, { productProvider: true, customerInformation: false });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: 'TERMS_NOT_ACCEPTED',
      fields: { 'body.customerInformation': 'Bitte akzeptiere diese Bedingungen.' },
    });
    expect((await me(user)).termsAcceptance.productProvider).toBeNull();
    expect(errorOf(await call(user, 'PUT', url, {})).code).toBe('VALIDATION_FAILED');

    const startedAt = Date.now();
    const accepted = await call(user, 'PUT', url, {
      productProvider: true,
      customerInformation: true,
      paymentProvider: true,
    });
    expect(accepted.statusCode).toBe(200);
    const terms = accepted.json().data.termsAcceptance;
    expect(Date.parse(terms.productProvider)).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(terms.customerInformation).toBe(terms.productProvider);
    expect(terms).toMatchObject({ identityProvider: null, energyProvider: null, furtherProvider: null });

    const later = await call(user, 'PUT', url, { energyProvider: true });
    expect(later.json().data.termsAcceptance).toMatchObject({
      productProvider: terms.productProvider,
      energyProvider: expect.any(String),
    });
    const [row] = await t.database.db
      .select({ ip: termsAcceptances.ipAddress })
      .from(termsAcceptances)
      .where(eq(termsAcceptances.userId, user.userId));
    expect(row?.ip).toBe('127.0.0.1');
  });
});
