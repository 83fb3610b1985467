import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Company registrants (spec section 2: address, e-mail, name, phone, register number, tax number). */
export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  street: text('street').notNull(),
  houseNumber: text('house_number').notNull(),
  postcode: text('postcode').notNull(),
  city: text('city').notNull(),
  countryCode: text('country_code').notNull(),
  registerNumber: text('register_number').notNull(),
  taxNumber: text('tax_number').notNull(),
  createdByUserId: uuid('created_by_user_id')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

/** The company a user registers for (`PUT /api/v2/user/company`); one per user. */
export const userCompanies = pgTable('user_companies', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id),
  updatedAt: updatedAt(),
});

/** Spec section 3, User.marketingData: the financial advisor or tipster the user names. */
export const userMarketingData = pgTable('user_marketing_data', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  financialAdvisorKind: text('financial_advisor_kind', { enum: ['financialAdvisor', 'tipster', 'none'] }).notNull(),
  financialAdvisorName: text('financial_advisor_name'),
  updatedAt: updatedAt(),
});

/** Spec section 3, Reminder (type, date): one per user and type; a later call moves or cancels it. */
export const reminders = pgTable(
  'reminders',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['identification', 'securityApp', 'signature', 'register'] }).notNull(),
    remindAt: timestamp('remind_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] }), index('reminders_due_idx').on(t.remindAt)],
);
