import { describe, expect, it } from 'vitest';
import { addressForm, birthdayForm, birthplaceForm, complianceForm, phoneForm } from './step-forms';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the personal-data steps’ schemas (spec sections 5 and 7)', () => {
  it('sends the address as typed, without an empty house number', () => {
    const values = { street: 'Mariahilfer Straße', houseNumber: ' ', postcode: '1060', city: 'Wien', domicile: 'AT' };
    expect(addressForm.parse(values)).toEqual({ ...values, houseNumber: null });
    expect(addressForm.parse({ ...values, houseNumber: '1a' }).houseNumber).toBe('1a');
  });

  it('sends the birth date as YYYY-MM-DD, and nothing typed as no date (the server says what is wrong)', () => {
    expect(birthdayForm.parse({ birthdayDay: '4', birthdayMonth: '7', birthdayYear: '1985' })).toEqual({
      birthDate: '1985-07-04',
    });
    expect(birthdayForm.parse({ birthdayDay: '', birthdayMonth: '', birthdayYear: '' })).toEqual({ birthDate: null });
  });

  it('asks for the birth country and city', () => {
    expect(issues(birthplaceForm.safeParse({ birthCountry: '', birthCity: ' ' }))).toEqual([
      ['birthCountry', 'personalData.required'],
      ['birthCity', 'Bitte fülle dieses Feld aus.'],
    ]);
  });

  it('takes a phone number of digits and sends it with its calling code', () => {
    expect(issues(phoneForm.safeParse({ callCode: '+43', phone: '' }))).toEqual([['phone', 'personalData.required']]);
    expect(issues(phoneForm.safeParse({ callCode: '+43', phone: '0664-123' }))).toEqual([
      ['phone', 'personalData.phoneDigitsOnly'],
    ]);
    expect(phoneForm.parse({ callCode: '+43', phone: '0664 1234567' }).phone).toBe('+436641234567');
  });

  const compliance = {
    notPoliticallyExposed: true,
    notUsTaxResident: true,
    ownAccount: true,
    noMoneyLaundering: true,
    useTaxNumber: false,
    socialSecurityNumber: '1237010180',
    taxNumber: '',
    VAT: 'no',
    iban: 'AT611904300234573201',
    advisorKind: 'none',
    advisorName: '',
  } as const;

  it('needs the four confirmations, the small-business answer and the IBAN', () => {
    expect(
      issues(
        complianceForm(false).safeParse({
          ...compliance,
          ownAccount: false,
          noMoneyLaundering: false,
          VAT: '',
          iban: '',
        }),
      ),
    ).toEqual([
      ['ownAccount', 'personalData.confirmationRequired'],
      ['noMoneyLaundering', 'personalData.confirmationRequired'],
      ['VAT', 'personalData.required'],
      ['iban', 'personalData.required'],
    ]);
    expect(complianceForm(false).safeParse(compliance).success).toBe(true);
  });

  it('asks for the number that is chosen, unless the server has one, and for an advisor’s name', () => {
    const withoutNumber = { ...compliance, socialSecurityNumber: '', useTaxNumber: true };
    expect(issues(complianceForm(false).safeParse(withoutNumber))).toEqual([['taxNumber', 'personalData.required']]);
    expect(complianceForm(true).safeParse(withoutNumber).success).toBe(true);
    expect(
      issues(complianceForm(false).safeParse({ ...compliance, advisorKind: 'tipster', advisorName: ' ' })),
    ).toEqual([['advisorName', 'personalData.required']]);
  });
});
