import { describe, expect, it } from 'vitest';
import {
  advance,
  back,
  currentStep,
  type FlowUser,
  isStepDone,
  personalDataPlan,
  requiredSteps,
  startFlow,
} from './flow';
import { comingSundayAfternoon, tomorrowEvening } from './reminder-dates';

const freshUser: FlowUser = {
  emailVerified: true,
  firstName: 'Erika',
  lastName: 'Muster',
  phone: null,
  PEP: null,
  account: { taxIds: [], hasChurchTax: null, churchTaxState: null, marketingNewsletter: false, IBAN: null, VAT: null },
  personalInformation: {
    domicile: null,
    birthDate: null,
    birthCountry: null,
    birthCity: null,
    nationality: null,
    socialSecurityNumber: null,
    hasTaxNumberInsteadOfSocialSecurityNumber: false,
    address: { street: null, houseNumber: null, city: null, PLZ: null, domicile: null },
  },
  registrationProcessStatus: {
    personalInformation: false,
    paymentProviderCreation: false,
    kycDocuments: false,
    knowledgeAndExperience: false,
    securityApp: false,
    accountPayIn: false,
    userWasActivatedOnce: false,
  },
};

const withPersonalData: FlowUser = {
  ...freshUser,
  phone: '+436641234567',
  PEP: false,
  account: { ...freshUser.account, IBAN: 'AT611904300234573201', VAT: false },
  personalInformation: {
    domicile: 'AT',
    birthDate: '1985-07-04',
    birthCountry: 'AT',
    birthCity: 'Graz',
    nationality: 'AT',
    socialSecurityNumber: '******0785',
    hasTaxNumberInsteadOfSocialSecurityNumber: false,
    address: { street: 'Hauptplatz', houseNumber: '1', city: 'Graz', PLZ: '8010', domicile: 'AT' },
  },
};

describe('requiredSteps (spec section 4: a required subset per user)', () => {
  it('a freshly registered user walks every personal-data step, then identification and the rest', () => {
    expect(requiredSteps(freshUser)).toEqual([
      'Address',
      'Birthday',
      'Birthplace',
      'Nationality',
      'ComplianceDocuments',
      'PhoneNumber',
      'ExternalIdentification',
      'KnowledgeAndExperience',
      'SecurityAppIntegration',
      'FinishIdentification',
      'BankAccountVerification',
      'AgreementDocuments',
      'SuccessScreen',
    ]);
  });

  it('skips the steps already done', () => {
    const partly: FlowUser = {
      ...freshUser,
      phone: '+436641234567',
      personalInformation: { ...freshUser.personalInformation, birthDate: '1985-07-04', nationality: 'AT' },
    };
    expect(requiredSteps(partly).slice(0, 4)).toEqual([
      'Address',
      'Birthplace',
      'ComplianceDocuments',
      'ExternalIdentification',
    ]);
  });

  it('compliance documents need PEP answered no, a social security or tax number, the IBAN and the VAT answer', () => {
    expect(isStepDone('ComplianceDocuments', withPersonalData)).toBe(true);
    expect(isStepDone('ComplianceDocuments', { ...withPersonalData, PEP: true })).toBe(false);
    expect(
      isStepDone('ComplianceDocuments', {
        ...withPersonalData,
        personalInformation: {
          ...withPersonalData.personalInformation,
          socialSecurityNumber: null,
          hasTaxNumberInsteadOfSocialSecurityNumber: true,
        },
      }),
    ).toBe(true);
    expect(
      isStepDone('ComplianceDocuments', { ...withPersonalData, account: { ...withPersonalData.account, IBAN: null } }),
    ).toBe(false);
  });

  it('a user without a name finishes the registration first; an active user has nothing left', () => {
    expect(requiredSteps({ ...freshUser, lastName: null })[0]).toBe('NamePassword');
    const done: FlowUser = {
      ...withPersonalData,
      registrationProcessStatus: {
        ...withPersonalData.registrationProcessStatus,
        kycDocuments: true,
        knowledgeAndExperience: true,
        securityApp: true,
        userWasActivatedOnce: true,
      },
    };
    expect(requiredSteps(done)).toEqual([]);
  });
});

describe('advance and back (spec section 4)', () => {
  it('advancing moves one step on, going back removes the last step, the first stays', () => {
    let state = startFlow(requiredSteps(freshUser));
    expect(currentStep(state)).toBe('Address');
    state = advance(advance(state));
    expect(state.history).toEqual(['Address', 'Birthday', 'Birthplace']);
    state = back(state);
    expect(currentStep(state)).toBe('Birthday');
    expect(currentStep(back(back(back(state))))).toBe('Address');
    expect(personalDataPlan(state)).toHaveLength(6);
  });

  it('the last personal-data step moves on to the external identification; the end stays put', () => {
    let state = startFlow(['PhoneNumber', 'ExternalIdentification']);
    state = advance(state);
    expect(currentStep(state)).toBe('ExternalIdentification');
    expect(advance(state)).toBe(state);
    expect(currentStep(startFlow([]))).toBeNull();
  });
});

describe('reminder dates (spec section 9: tomorrow 18:00, Sunday 15:00)', () => {
  it('from a Wednesday afternoon', () => {
    const now = new Date(2026, 10, 18, 14, 30);
    expect(tomorrowEvening(now)).toEqual(new Date(2026, 10, 19, 18, 0));
    expect(comingSundayAfternoon(now)).toEqual(new Date(2026, 10, 22, 15, 0));
  });

  it('on a Sunday the coming Sunday is a week ahead; on a Saturday it is tomorrow', () => {
    expect(comingSundayAfternoon(new Date(2026, 10, 22, 9, 0))).toEqual(new Date(2026, 10, 29, 15, 0));
    expect(comingSundayAfternoon(new Date(2026, 10, 21, 20, 0))).toEqual(new Date(2026, 10, 22, 15, 0));
    expect(tomorrowEvening(new Date(2026, 11, 31, 23, 0))).toEqual(new Date(2027, 0, 1, 18, 0));
  });
});
