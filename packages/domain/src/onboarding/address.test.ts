import { describe, expect, it } from 'vitest';
import { mayRegisterAsInvestor, splitStreet, validateAddress } from './address.js';
import { missingConfirmations } from './confirmations.js';

describe('splitStreet: street name and house number, default 1', () => {
  it.each([
    ['Mariahilfer Straße 12', 'Mariahilfer Straße', '12'],
    ['Mariahilfer Straße 12/3/4', 'Mariahilfer Straße', '12/3/4'],
    ['Hauptstraße 7a', 'Hauptstraße', '7a'],
    ['Hauptstraße 7 a', 'Hauptstraße', '7a'],
    ['Linzer Gasse 5-7', 'Linzer Gasse', '5-7'],
    ['Getreidegasse, 9', 'Getreidegasse', '9'],
    ['Straße des 17. Juni 135', 'Straße des 17. Juni', '135'],
    ['  Herrengasse   3  ', 'Herrengasse', '3'],
    ['Hauptplatz', 'Hauptplatz', '1'],
    ['Am Hof', 'Am Hof', '1'],
    ['Straße des 17. Juni', 'Straße des 17. Juni', '1'],
  ])('%j → %j %j', (input, street, houseNumber) => {
    expect(splitStreet(input)).toEqual({ street, houseNumber });
  });
});

describe('validateAddress: complete and in Austria', () => {
  const complete = { street: 'Mariahilfer Straße 12/3', postcode: '1060', city: 'Wien', domicile: 'AT' };

  it('splits the street when no house number comes separately', () => {
    expect(validateAddress(complete)).toEqual({
      ok: true,
      address: { street: 'Mariahilfer Straße', houseNumber: '12/3', postcode: '1060', city: 'Wien', domicile: 'AT' },
    });
    expect(validateAddress({ ...complete, street: 'Hauptplatz', domicile: 'at' })).toMatchObject({
      ok: true,
      address: { street: 'Hauptplatz', houseNumber: '1', domicile: 'AT' },
    });
    expect(validateAddress({ ...complete, street: 'Hauptplatz', houseNumber: '4' })).toMatchObject({
      ok: true,
      address: { street: 'Hauptplatz', houseNumber: '4' },
    });
  });

  it.each([
    [{ street: '' }, 'street', 'Bitte fülle dieses Feld aus.'],
    [{ street: '12' }, 'street', 'Bitte fülle dieses Feld aus.'],
    [{ postcode: undefined }, 'postcode', 'Bitte fülle dieses Feld aus.'],
    [{ postcode: '10600' }, 'postcode', 'Die Postleitzahl ist nicht korrekt.'],
    [{ postcode: '0600' }, 'postcode', 'Die Postleitzahl ist nicht korrekt.'],
    [{ city: ' ' }, 'city', 'Bitte fülle dieses Feld aus.'],
    [{ domicile: null }, 'domicile', 'Bitte fülle dieses Feld aus.'],
    [{ domicile: 'DE' }, 'domicile', 'Derzeit können sich nur Personen mit Wohnsitz in Österreich registrieren.'],
  ])('%j → %s: %s', (change, field, message) => {
    const result = validateAddress({ ...complete, ...change });
    expect(result).toEqual({ ok: false, fields: { [field]: message } });
  });
});

describe('only natural persons resident in Austria', () => {
  it.each([
    [true, 'AT', true],
    [true, 'at', true],
    [true, 'DE', false],
    [true, 'CH', false],
    [false, 'AT', false],
  ])('natural person %s, domicile %s → %s', (isNaturalPerson, domicile, allowed) => {
    expect(mayRegisterAsInvestor({ isNaturalPerson, domicile })).toBe(allowed);
  });
});

describe('the four required confirmations', () => {
  it.each([
    [{ notPoliticallyExposed: true, notUsTaxResident: true, ownAccount: true, noMoneyLaundering: true }, []],
    [{}, ['notPoliticallyExposed', 'notUsTaxResident', 'ownAccount', 'noMoneyLaundering']],
    [
      { notPoliticallyExposed: false, notUsTaxResident: true, ownAccount: true, noMoneyLaundering: true },
      ['notPoliticallyExposed'],
    ],
    [{ notPoliticallyExposed: true, notUsTaxResident: true, ownAccount: true }, ['noMoneyLaundering']],
    [
      { notPoliticallyExposed: true, notUsTaxResident: false, ownAccount: false, noMoneyLaundering: true },
      ['notUsTaxResident', 'ownAccount'],
    ],
  ])('%j → missing %j', (given, missing) => {
    expect(missingConfirmations(given)).toEqual(missing);
  });
});
