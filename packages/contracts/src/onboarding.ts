import { germanStates } from '@bw/domain';
import { z } from 'zod';
import type { LegalProviders } from './app-config.js';
import { complianceInformationView } from './knowledge-and-experience.js';
import { userProfile } from './user.js';

/** Generous upper bound; the phone rule in @bw/domain decides what is plausible. */
const PHONE_INPUT_MAX_LENGTH = 32;

/** `PUT /api/v2/user/phone` (spec section 7, PhoneNumber step): any notation, stored as E.164. */
export const updatePhoneBody = z.strictObject({
  phone: z.string().max(PHONE_INPUT_MAX_LENGTH),
});
export type UpdatePhoneBody = z.infer<typeof updatePhoneBody>;

const TEXT_MAX_LENGTH = 120;
const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Bitte wähle ein Land.')
  .transform((code) => code.toUpperCase());
const optionalText = z.string().max(TEXT_MAX_LENGTH).nullable().optional();

/** `PUT /api/v2/user/personalInformation/address`: the house number may come inside `street`. */
export const updateAddressBody = z.strictObject({
  street: optionalText,
  houseNumber: optionalText,
  postcode: optionalText,
  city: optionalText,
  domicile: optionalText,
});
export type UpdateAddressBody = z.infer<typeof updateAddressBody>;

/** `PUT /api/v2/user/personalInformation/birthDate`: YYYY-MM-DD; the server's message comes back in `error.fields['body.birthDate']`. */
export const updateBirthDateBody = z.strictObject({ birthDate: z.string().max(32).nullable().optional() });
export type UpdateBirthDateBody = z.infer<typeof updateBirthDateBody>;

/** `PUT /api/v2/user/personalInformation/birthPlace`. */
export const updateBirthPlaceBody = z.strictObject({
  birthCountry: countryCode,
  birthCity: z.string().trim().min(1, 'Bitte fülle dieses Feld aus.').max(TEXT_MAX_LENGTH),
});
export type UpdateBirthPlaceBody = z.infer<typeof updateBirthPlaceBody>;

/** `PUT /api/v2/user/personalInformation/nationality`. */
export const updateNationalityBody = z.strictObject({ nationality: countryCode });
export type UpdateNationalityBody = z.infer<typeof updateNationalityBody>;

/** `PUT /api/v2/user/personalInformation/socialSecurityNumber`: NNNNTTMMJJ, or an Austrian tax number instead. */
export const updateSocialSecurityNumberBody = z.strictObject({
  socialSecurityNumber: z.string().max(32).nullable().optional(),
  taxNumber: z.string().max(32).nullable().optional(),
});
export type UpdateSocialSecurityNumberBody = z.infer<typeof updateSocialSecurityNumberBody>;

/** `POST /api/v1/user/complianceInformation {PEP}`: is the user a politically exposed person? */
export const complianceInformationBody = z.strictObject({ PEP: z.boolean() });
export type ComplianceInformationBody = z.infer<typeof complianceInformationBody>;

/** `PUT /api/v2/user/account/taxId {taxId,country}`: German tax IDs are checked by their check digit. */
export const updateTaxIdBody = z.strictObject({ taxId: z.string().max(32), country: countryCode });
export type UpdateTaxIdBody = z.infer<typeof updateTaxIdBody>;

/**
 * `PUT /api/v2/user/account/churchTax {hasChurchTax}`, plus the German federal state (ISO 3166-2,
 * `DE-BY`) whose rate applies: 8 % in Bayern and Baden-Württemberg, 9 % elsewhere (ADR 0030). A member
 * must have a state (sent now or stored before), else `CHURCH_TAX_STATE_REQUIRED`.
 */
export const updateChurchTaxBody = z.strictObject({
  hasChurchTax: z.boolean(),
  churchTaxState: z.enum(germanStates).optional(),
});
export type UpdateChurchTaxBody = z.infer<typeof updateChurchTaxBody>;

/** `PUT /api/v2/user/account/marketingNewsletter`. */
export const updateMarketingNewsletterBody = z.strictObject({ marketingNewsletter: z.boolean() });
export type UpdateMarketingNewsletterBody = z.infer<typeof updateMarketingNewsletterBody>;

/** Spec section 3, legal document kinds whose acceptance is timestamped. */
export const TERMS_KINDS = [
  'productProvider',
  'customerInformation',
  'identityProvider',
  'energyProvider',
  'paymentProvider',
  'furtherProvider',
  'furtherProviderPrivacy',
] as const;
export type TermsKind = (typeof TERMS_KINDS)[number];

/** Whose document each kind is (ADR 0050): the customer information is the product provider's, the privacy text the further provider's. */
export const PROVIDER_OF_DOCUMENT: Readonly<Record<TermsKind, keyof LegalProviders>> = {
  productProvider: 'productProvider',
  customerInformation: 'productProvider',
  identityProvider: 'identityProvider',
  energyProvider: 'energyProvider',
  paymentProvider: 'paymentProvider',
  furtherProvider: 'furtherProvider',
  furtherProviderPrivacy: 'furtherProvider',
};

/** The company a legal document of that kind comes from, in the partner's list. */
export const providerOfDocument = (kind: TermsKind, providers: LegalProviders): string =>
  providers[PROVIDER_OF_DOCUMENT[kind]];

/**
 * `PUT /api/v2/user/complianceInformation/terms`: the documents the user ticked. Every checkbox
 * shown must be ticked (spec section 5), so each given value must be `true`; the server sets the
 * timestamps and records the address.
 */
export const acceptTermsBody = z
  .strictObject(
    Object.fromEntries(TERMS_KINDS.map((kind) => [kind, z.boolean().optional()])) as Record<
      TermsKind,
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Bitte akzeptiere die Bedingungen.');
export type AcceptTermsBody = z.infer<typeof acceptTermsBody>;

export const termsAcceptanceView = z.object(
  Object.fromEntries(TERMS_KINDS.map((kind) => [kind, z.string().nullable()])) as Record<
    TermsKind,
    z.ZodNullable<z.ZodString>
  >,
);
export type TermsAcceptanceView = z.infer<typeof termsAcceptanceView>;

/** Spec section 3, personalInformation (null until the step is done). */
export const personalInformationView = z.object({
  domicile: z.string().nullable(),
  birthDate: z.string().nullable(),
  birthCountry: z.string().nullable(),
  birthCity: z.string().nullable(),
  nationality: z.string().nullable(),
  /** Masked: only the last four digits ("******0180"); the full number never leaves the server. */
  socialSecurityNumber: z.string().nullable(),
  hasTaxNumberInsteadOfSocialSecurityNumber: z.boolean(),
  address: z.object({
    street: z.string().nullable(),
    houseNumber: z.string().nullable(),
    city: z.string().nullable(),
    PLZ: z.string().nullable(),
    domicile: z.string().nullable(),
  }),
});

/** Spec section 3, registrationProcessStatus: which onboarding parts are done. */
export const registrationProcessStatus = z.object({
  personalInformation: z.boolean(),
  paymentProviderCreation: z.boolean(),
  kycDocuments: z.boolean(),
  knowledgeAndExperience: z.boolean(),
  securityApp: z.boolean(),
  accountPayIn: z.boolean(),
  userWasActivatedOnce: z.boolean(),
});
export type RegistrationProcessStatus = z.infer<typeof registrationProcessStatus>;

/** The onboarding part of the user (spec section 3), added to `GET /api/v1/user`. */
export const onboardingState = z.object({
  personalInformation: personalInformationView,
  /** Spec: PEP compliance flag; null until answered. */
  PEP: z.boolean().nullable(),
  account: z.object({
    taxIds: z.array(z.object({ country: z.string(), taxId: z.string() })),
    hasChurchTax: z.boolean().nullable(),
    /** The federal state of the church-tax rate (ISO 3166-2), null when none is stored. */
    churchTaxState: z.enum(germanStates).nullable(),
    marketingNewsletter: z.boolean(),
    /** The user's own bank account (not the payment account the provider issues). */
    IBAN: z.string().nullable(),
    /** The small-business-owner (VAT) answer; null until answered. */
    VAT: z.boolean().nullable(),
  }),
  /** Spec section 3, terms acceptance timestamps (ISO), null where not accepted. */
  termsAcceptance: termsAcceptanceView,
  complianceInformation: complianceInformationView,
  registrationProcessStatus,
});
export type OnboardingState = z.infer<typeof onboardingState>;

/** `GET /api/v1/user` and every onboarding call answer with the whole user. */
/**
 * Spec section 3, User `finance (closedAmount, closedProfit)`: what the user's sales brought back,
 * and their gain (negative: a loss) at average cost (`closedFinance`, packages/domain).
 */
export const userFinance = z.object({
  closedAmount: z.string().regex(/^\d{1,15}$/),
  closedProfit: z.string().regex(/^-?\d{1,15}$/),
});

export type UserFinance = z.infer<typeof userFinance>;

export const userWithOnboarding = userProfile.extend(onboardingState.shape).extend({ finance: userFinance });
export type UserWithOnboarding = z.infer<typeof userWithOnboarding>;

/**
 * `PUT /api/v2/user/account/iban {iban,VAT}`: the user's own (payout) bank account, and the
 * small-business-owner (VAT) answer of the personal information.
 */
export const updateIbanBody = z.strictObject({
  iban: z.string().max(42),
  VAT: z.boolean().nullable().optional(),
});
export type UpdateIbanBody = z.infer<typeof updateIbanBody>;
