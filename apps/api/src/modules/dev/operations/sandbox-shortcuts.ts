import { accountDeletions, assetIncome } from '@bw/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isValidIBAN } from 'ibantools';
import { AppError } from '../../../lib/app-error.js';
import { ProviderError } from '../../../providers/messaging/messaging-provider.js';
import { openPaymentAccount } from '../../payments/operations/open-payment-account.js';
import { executeDueDeletions } from '../../settings/operations/deletion.js';
import { findUserByEmail, updateUser } from '../../users/users.repo.js';

const compactIban = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * The sandbox bank: an incoming SEPA transfer to a personal IBAN (`npm run psp:transfer`). It
 * arrives the way a real one does, as the payment provider's signed webhooks.
 */
export const simulateTransfer = async (
  app: FastifyInstance,
  input: { iban: string; fromIban: string; amount: string; name: string; reference?: string | undefined },
): Promise<{ transferId: string }> => {
  const iban = compactIban(input.iban);
  const senderIban = compactIban(input.fromIban);
  if (!isValidIBAN(iban) || !isValidIBAN(senderIban)) throw new AppError('IBAN_INVALID');
  try {
    return await app.sandbox.payments.simulateIncomingTransfer({
      iban,
      senderIban,
      amountCents: BigInt(input.amount),
      senderName: input.name,
      reference: input.reference ?? '',
    });
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError('PAYMENT_ACCOUNT_NOT_FOUND');
    throw error;
  }
};

/**
 * The sandbox bank: the transfer of an asset's recorded income arrives at the platform's account,
 * quoting the income; the provider confirms it by its signed `income.received` webhook (issue 34).
 */
export const simulateIncome = async (app: FastifyInstance, incomeId: string): Promise<{ transferId: string }> => {
  const [income] = await app.db.select().from(assetIncome).where(eq(assetIncome.id, incomeId));
  if (!income) throw new AppError('NOT_FOUND');
  return app.sandbox.payments.simulateIncomeTransfer({
    reference: income.id,
    amountCents: income.amountCents,
    senderName: income.kind === 'electricity' ? 'Netzbetreiber (Sandbox)' : 'Mieter (Sandbox)',
  });
};

/** Opens a user's payment account by e-mail without the onboarding (browser tests, demos). */
export const openWalletByEmail = async (
  app: FastifyInstance,
  email: string,
): Promise<{ IBAN: string; BIC: string }> => {
  const user = await findUserByEmail(app.db, email.toLowerCase());
  if (!user) throw new AppError('NOT_FOUND');
  const wallet = await openPaymentAccount(app.db, app.providers.payments, user.id, { requireVerified: false });
  app.bus.publishUserUpdate(user.email, 'payment-account');
  return wallet;
};

/** Marks a user verified, as a finished identification would (browser tests). */
export const markUserVerified = async (app: FastifyInstance, email: string): Promise<{ status: string }> => {
  const user = await findUserByEmail(app.db, email.toLowerCase());
  const row = user && (await updateUser(app.db, user.id, { status: 'verified' }));
  if (!row) throw new AppError('NOT_FOUND');
  app.bus.publishUserUpdate(row.email, 'status');
  return { status: row.status };
};

/**
 * The four days of a confirmed account deletion, skipped (browser tests): the user's confirmed
 * deletion becomes due now and the hourly job's work runs, with its mails through the app's e-mail
 * provider. Answers the deletion's status afterwards ('completed', or 'cancelled' with a mail when
 * money, shares or offers came back meanwhile).
 */
export const executeDeletionNow = async (app: FastifyInstance, email: string): Promise<{ status: string }> => {
  const user = await findUserByEmail(app.db, email.toLowerCase());
  if (!user) throw new AppError('NOT_FOUND');
  const confirmed = and(eq(accountDeletions.userId, user.id), eq(accountDeletions.status, 'confirmed'));
  const [due] = await app.db
    .update(accountDeletions)
    .set({ executeAfter: new Date() })
    .where(confirmed)
    .returning({ id: accountDeletions.id });
  if (!due) throw new AppError('NOT_FOUND');
  await executeDueDeletions(app.db, async (mail) => {
    await app.providers.email.send(mail);
  });
  const [after] = await app.db
    .select({ status: accountDeletions.status })
    .from(accountDeletions)
    .where(eq(accountDeletions.id, due.id));
  return { status: after?.status ?? 'unknown' };
};
