import {
  type OnboardingState,
  type RegistrationProcessStatus,
  TERMS_KINDS,
  type TermsAcceptanceView,
  type TermsKind,
} from '@bw/contracts';
import type { Db } from '@bw/db';
import { isGermanState } from '@bw/domain';
import type { UserRow } from '../users/users.repo.js';
import { loadKaeCompliance } from './knowledge-and-experience/compliance-information.js';
import {
  findOnboardingFacts,
  findPersonalInformation,
  findTermsAcceptance,
  listTaxIds,
  type PersonalInformationRow,
  type TermsAcceptanceRow,
} from './onboarding.repo.js';

/** The column of each legal document kind in `terms_acceptances`. */
export const termsColumn = (kind: TermsKind): `${TermsKind}At` => `${kind}At`;

const toTermsView = (row: TermsAcceptanceRow | undefined): TermsAcceptanceView =>
  Object.fromEntries(
    TERMS_KINDS.map((kind) => [kind, row?.[termsColumn(kind)]?.toISOString() ?? null]),
  ) as TermsAcceptanceView;

const VISIBLE_DIGITS = 4;
const mask = (value: string | null | undefined): string | null =>
  value ? `${'*'.repeat(Math.max(0, value.length - VISIBLE_DIGITS))}${value.slice(-VISIBLE_DIGITS)}` : null;

/**
 * Personal information is complete when the identification steps Address, Birthday, Birthplace,
 * Nationality, ComplianceDocuments and PhoneNumber are done. A politically exposed person cannot
 * confirm "not a PEP" (spec section 5), so PEP must be answered false.
 */
export const isPersonalInformationComplete = (user: UserRow, info: PersonalInformationRow | undefined): boolean =>
  Boolean(
    info?.street &&
      info.postcode &&
      info.city &&
      info.domicile &&
      info.birthDate &&
      info.birthCountry &&
      info.birthCity &&
      info.nationality &&
      info.pep === false &&
      user.phone,
  );

/** Spec section 3, registrationProcessStatus, computed from the stored data (issue 5). */
export const loadOnboardingState = async (db: Db, user: UserRow): Promise<OnboardingState> => {
  const [info, taxIds, facts, terms, kae] = await Promise.all([
    findPersonalInformation(db, user.id),
    listTaxIds(db, user.id),
    findOnboardingFacts(db, user.id),
    findTermsAcceptance(db, user.id),
    loadKaeCompliance(db, user.id),
  ]);
  const registrationProcessStatus: RegistrationProcessStatus = {
    personalInformation: isPersonalInformationComplete(user, info),
    paymentProviderCreation: facts.hasPaymentAccount,
    // Identity verification sets the status; until its module exists, verified means the KYC is done.
    kycDocuments: user.status === 'verified' || user.status === 'active',
    // Answered or skipped (spec section 4: the skip completes the step).
    knowledgeAndExperience: kae.done,
    securityApp: facts.hasActiveSecurityApp,
    accountPayIn: facts.hasPayIn,
    userWasActivatedOnce: user.status === 'active',
  };
  return {
    personalInformation: {
      domicile: info?.domicile ?? null,
      birthDate: info?.birthDate ?? null,
      birthCountry: info?.birthCountry ?? null,
      birthCity: info?.birthCity ?? null,
      nationality: info?.nationality ?? null,
      socialSecurityNumber: mask(info?.socialSecurityNumber),
      hasTaxNumberInsteadOfSocialSecurityNumber: Boolean(info?.austrianTaxNumber),
      address: {
        street: info?.street ?? null,
        houseNumber: info?.houseNumber ?? null,
        city: info?.city ?? null,
        PLZ: info?.postcode ?? null,
        domicile: info?.domicile ?? null,
      },
    },
    PEP: info?.pep ?? null,
    account: {
      taxIds: taxIds.map((row) => ({ country: row.country, taxId: row.taxId })),
      hasChurchTax: info?.hasChurchTax ?? null,
      churchTaxState: isGermanState(info?.churchTaxState) ? info.churchTaxState : null,
      marketingNewsletter: user.marketingNewsletter,
      IBAN: info?.iban ?? null,
      VAT: info?.vat ?? null,
    },
    termsAcceptance: toTermsView(terms),
    complianceInformation: kae.complianceInformation,
    registrationProcessStatus,
  };
};
