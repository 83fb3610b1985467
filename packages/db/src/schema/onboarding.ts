import { boolean, date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Spec section 3, personalInformation and the compliance answers of the onboarding (issue 5),
 * one row per user, filled step by step (Address, Birthday, Birthplace, Nationality,
 * ComplianceDocuments). Personal data: never logged.
 */
export const personalInformation = pgTable('personal_information', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  street: text('street'),
  houseNumber: text('house_number'),
  postcode: text('postcode'),
  city: text('city'),
  /** ISO 3166-1 alpha-2 country of residence; only AT may register (spec section 5). */
  domicile: text('domicile'),
  birthDate: date('birth_date', { mode: 'string' }),
  birthCountry: text('birth_country'),
  birthCity: text('birth_city'),
  nationality: text('nationality'),
  /** Austrian social security number NNNNTTMMJJ, or `austrianTaxNumber` instead. */
  socialSecurityNumber: text('social_security_number'),
  austrianTaxNumber: text('austrian_tax_number'),
  /** Politically exposed person (spec: PEP compliance flag); null until answered. */
  pep: boolean('pep'),
  /** Church membership for the German church tax (spec section 5); null until answered. */
  hasChurchTax: boolean('has_church_tax'),
  /** The German federal state (ISO 3166-2, `DE-BY`) whose church-tax rate applies (ADR 0030). */
  churchTaxState: text('church_tax_state'),
  /** The user's own bank account (registration draft: identity.iban), `PUT /api/v2/user/account/iban`. */
  iban: text('iban'),
  /**
   * The small-business-owner (VAT) answer of the personal information (spec section 2), sent as
   * `VAT` with the IBAN; null until answered.
   */
  vat: boolean('vat'),
  ...timestamps,
});

/**
 * Spec section 3, Terms acceptance timestamps: one per legal document kind of the partner, set
 * by the server when the user accepts it, with the address the acceptance came from.
 */
export const termsAcceptances = pgTable('terms_acceptances', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  productProviderAt: timestamp('product_provider_at', { withTimezone: true }),
  customerInformationAt: timestamp('customer_information_at', { withTimezone: true }),
  identityProviderAt: timestamp('identity_provider_at', { withTimezone: true }),
  energyProviderAt: timestamp('energy_provider_at', { withTimezone: true }),
  paymentProviderAt: timestamp('payment_provider_at', { withTimezone: true }),
  furtherProviderAt: timestamp('further_provider_at', { withTimezone: true }),
  furtherProviderPrivacyAt: timestamp('further_provider_privacy_at', { withTimezone: true }),
  ipAddress: text('ip_address'),
  ...timestamps,
});

/** Spec section 3, account.taxIds: one tax ID per country. */
export const userTaxIds = pgTable(
  'user_tax_ids',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    taxId: text('tax_id').notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.country] })],
);
