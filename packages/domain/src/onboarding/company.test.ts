import { describe, expect, it } from 'vitest';
import { COMPANY_EMAIL_INVALID, reminderChoices, validateCompany } from './company.js';

const valid = {
  name: 'Muster Immobilien GmbH',
  email: 'Office@Muster-Immo.at',
  phone: '0664 1234567',
  street: 'Kärntner Straße 12/4',
  postcode: '1010',
  city: 'Wien',
  countryCode: 'at',
  registerNumber: 'fn 123456a',
  taxNumber: 'ATU12345678',
};

describe('validateCompany', () => {
  it('accepts a complete Austrian company and normalises it', () => {
    expect(validateCompany(valid)).toEqual({
      ok: true,
      company: {
        name: 'Muster Immobilien GmbH',
        email: 'office@muster-immo.at',
        phone: '+436641234567',
        street: 'Kärntner Straße',
        houseNumber: '12/4',
        postcode: '1010',
        city: 'Wien',
        countryCode: 'AT',
        registerNumber: 'FN 123456a',
        taxNumber: 'ATU12345678',
      },
    });
  });

  it('accepts a German company with HRB and a German postcode', () => {
    const result = validateCompany({
      ...valid,
      countryCode: 'DE',
      postcode: '80331',
      registerNumber: 'HRB 98765',
      taxNumber: '143/123/45678',
    });
    expect(result.ok).toBe(true);
  });

  it.each([
    ['email', { email: 'office@' }, COMPANY_EMAIL_INVALID],
    ['phone', { phone: '0664-12x' }, 'Es sind nur Zahlen erlaubt.'],
    ['postcode', { postcode: '10100' }, 'Die Postleitzahl ist nicht korrekt.'],
    ['registerNumber', { registerNumber: '12345' }, expect.stringContaining('Firmenbuchnummer')],
    ['taxNumber', { taxNumber: 'abc' }, 'Ungültig'],
    ['name', { name: ' ' }, 'Bitte fülle dieses Feld aus.'],
    ['countryCode', { countryCode: 'FR' }, 'Bitte fülle dieses Feld aus.'],
  ])('names the bad field %s', (field, change, message) => {
    const result = validateCompany({ ...valid, ...change });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fields[field]).toEqual(message);
  });
});

describe('reminderChoices', () => {
  it('offers tomorrow 18:00 and the coming Sunday 15:00', () => {
    // Wednesday 2026-11-18 09:30 local time.
    const { tomorrowEvening, sundayAfternoon } = reminderChoices(new Date(2026, 10, 18, 9, 30));
    expect([tomorrowEvening.getDate(), tomorrowEvening.getHours()]).toEqual([19, 18]);
    expect([sundayAfternoon.getDate(), sundayAfternoon.getDay(), sundayAfternoon.getHours()]).toEqual([22, 0, 15]);
  });
  it('on a Sunday offers the next Sunday', () => {
    const { sundayAfternoon } = reminderChoices(new Date(2026, 10, 22, 10, 0));
    expect(sundayAfternoon.getDate()).toBe(29);
  });
});
