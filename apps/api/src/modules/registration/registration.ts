import type { CompanyView, CreateCompanyBody } from '@bw/contracts';
import { companies, type Db, reminders, userCompanies, userMarketingData, users } from '@bw/db';
import { validateCompany } from '@bw/domain';
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';
import { type EmailBrand, renderLayout } from '../auth/emails/layout.js';

const toView = (row: typeof companies.$inferSelect): CompanyView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  street: row.street,
  houseNumber: row.houseNumber,
  postcode: row.postcode,
  city: row.city,
  countryCode: row.countryCode,
  registerNumber: row.registerNumber,
  taxNumber: row.taxNumber,
});

/** `POST /api/v1/company`: validates every field (field errors by name) and records the company. */
export const createCompany = async (db: Db, userId: string, body: CreateCompanyBody): Promise<CompanyView> => {
  const result = validateCompany(body);
  if (!result.ok) throw new AppError('COMPANY_INVALID', result.fields);
  const [row] = await db
    .insert(companies)
    .values({ ...result.company, createdByUserId: userId })
    .returning();
  if (!row) throw new AppError('CONFLICT');
  return toView(row);
};

/** `PUT /api/v2/user/company`: the user registers for a company they created. */
export const setUserCompany = async (db: Db, userId: string, companyId: string): Promise<{ companyId: string }> => {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.createdByUserId, userId)));
  if (!company) throw new AppError('COMPANY_NOT_FOUND');
  await db
    .insert(userCompanies)
    .values({ userId, companyId })
    .onConflictDoUpdate({ target: userCompanies.userId, set: { companyId, updatedAt: new Date() } });
  return { companyId };
};

export const getUserCompany = async (db: Db, userId: string): Promise<CompanyView | null> => {
  const [row] = await db
    .select({ company: companies })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .where(eq(userCompanies.userId, userId));
  return row ? toView(row.company) : null;
};

/** `PUT /api/v2/user/marketingData/financialAdvisor`: who advised the user (or the tipster), or nobody. */
export const setFinancialAdvisor = async (
  db: Db,
  userId: string,
  input: { kind: 'financialAdvisor' | 'tipster' | 'none'; name?: string | undefined },
): Promise<{ kind: 'financialAdvisor' | 'tipster' | 'none'; name: string | null }> => {
  const name = input.kind === 'none' ? null : (input.name?.trim().replace(/\s+/g, ' ') ?? '');
  if (name === '') throw new AppError('FINANCIAL_ADVISOR_NAME_REQUIRED', { name: 'Bitte gib den Namen an.' });
  await db
    .insert(userMarketingData)
    .values({ userId, financialAdvisorKind: input.kind, financialAdvisorName: name })
    .onConflictDoUpdate({
      target: userMarketingData.userId,
      set: { financialAdvisorKind: input.kind, financialAdvisorName: name, updatedAt: new Date() },
    });
  return { kind: input.kind, name };
};

const REMINDER_HORIZON_MS = 30 * 86_400_000;
type ReminderType = (typeof reminders.$inferSelect)['type'];

/** `POST /api/v1/reminder {type, date}`: sets or moves the user's reminder of that type; null cancels it. */
export const setReminder = async (
  db: Db,
  input: { userId: string; type: ReminderType; date: string | null; now: Date },
): Promise<{ type: ReminderType; date: string | null }> => {
  const remindAt = input.date ? new Date(input.date) : null;
  if (
    remindAt &&
    (remindAt.getTime() <= input.now.getTime() || remindAt.getTime() > input.now.getTime() + REMINDER_HORIZON_MS)
  )
    throw new AppError('REMINDER_DATE_INVALID');
  await db
    .insert(reminders)
    .values({ userId: input.userId, type: input.type, remindAt, sentAt: null })
    .onConflictDoUpdate({
      target: [reminders.userId, reminders.type],
      set: { remindAt, sentAt: null, updatedAt: input.now },
    });
  return { type: input.type, date: remindAt?.toISOString() ?? null };
};

const REMINDER_TEXT: Record<ReminderType, { subject: string; text: string }> = {
  identification: {
    subject: 'Erinnerung: Schließe deine Identifizierung ab',
    text: 'du wolltest an deine Identifizierung erinnert werden. Sie dauert nur wenige Minuten; danach kannst du investieren.',
  },
  securityApp: {
    subject: 'Erinnerung: Verbinde deine Sicherheits-App',
    text: 'du wolltest daran erinnert werden, deine Sicherheits-App zu verbinden. Mit ihr bestätigst du jeden Kauf und Verkauf.',
  },
  signature: {
    subject: 'Erinnerung: Unterschreibe deine Verträge',
    text: 'du wolltest an die Unterschrift deiner Verträge erinnert werden. Danach ist dein Konto bereit.',
  },
  register: {
    subject: 'Erinnerung: Schließe deine Registrierung ab',
    text: 'du wolltest an deine Registrierung erinnert werden. Es fehlen nur noch wenige Angaben.',
  },
};

const DUE_BATCH = 100;

type ReminderMail = { idempotencyKey: string; to: string; subject: string; text: string; html: string };

/** The reminders' look: the operator's, as their plain text signs "Dein Brickwise-Team". */
const REMINDER_BRAND: EmailBrand = { partnerName: 'Brickwise', brandColor: '#1f4b99', ctaLabelColor: '#ffffff' };

/**
 * The reminder job: every due reminder goes out once. Due reminders are claimed (marked sent) in
 * one short transaction and e-mailed after it committed; a failed send is released again for the
 * next run. The e-mail's idempotency key is the reminder and its time, so a resend is harmless.
 */
export const sendDueReminders = async (
  db: Db,
  send: (mail: ReminderMail) => Promise<void>,
  now: Date,
): Promise<number> => {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({
        userId: reminders.userId,
        type: reminders.type,
        remindAt: reminders.remindAt,
        email: users.email,
        firstName: users.firstName,
      })
      .from(reminders)
      .innerJoin(users, eq(users.id, reminders.userId))
      .where(and(isNotNull(reminders.remindAt), lte(reminders.remindAt, now), isNull(reminders.sentAt)))
      .limit(DUE_BATCH)
      .for('update', { of: reminders, skipLocked: true });
    for (const reminder of due) {
      await tx
        .update(reminders)
        .set({ sentAt: now })
        .where(and(eq(reminders.userId, reminder.userId), eq(reminders.type, reminder.type)));
    }
    return due;
  });
  for (const reminder of claimed) {
    const content = REMINDER_TEXT[reminder.type];
    try {
      await send({
        idempotencyKey: `reminder:${reminder.userId}:${reminder.type}:${reminder.remindAt?.toISOString()}`,
        to: reminder.email,
        subject: content.subject,
        text: `Hallo ${reminder.firstName ?? ''},\n\n${content.text}\n\nDein Brickwise-Team`,
        html: renderLayout(REMINDER_BRAND, {
          heading: content.subject,
          paragraphs: [`Hallo ${reminder.firstName ?? ''},`, content.text],
        }),
      });
    } catch (error) {
      await db
        .update(reminders)
        .set({ sentAt: null })
        .where(
          and(eq(reminders.userId, reminder.userId), eq(reminders.type, reminder.type), eq(reminders.sentAt, now)),
        );
      throw error;
    }
  }
  return claimed.length;
};
