import { type Db, paymentAccounts } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import type { PaymentProvider } from '../../../providers/payments/payment-provider.js';
import { findPaymentAccount, findUser } from '../payments.repo.js';

const VERIFIED_STATUSES = new Set(['verified', 'active']);

/**
 * Opens the user's wallet at the payment provider (onboarding step PaymentProviderCreation).
 * Idempotent: the provider answers the same wallet for the same user, and we keep one row per user.
 */
export const openPaymentAccount = async (
  db: Db,
  provider: PaymentProvider,
  userId: string,
  options: { requireVerified: boolean } = { requireVerified: true },
): Promise<{ IBAN: string; BIC: string }> => {
  const existing = await findPaymentAccount(db, userId);
  if (existing) return { IBAN: existing.iban, BIC: existing.bic };
  const user = await findUser(db, userId);
  if (!user) throw new AppError('NOT_FOUND');
  if (options.requireVerified && !VERIFIED_STATUSES.has(user.status)) throw new AppError('PAYMENT_ACCOUNT_NOT_ALLOWED');
  const wallet = await provider.openWallet({ externalRef: userId });
  await db
    .insert(paymentAccounts)
    .values({ userId, providerWalletId: wallet.walletId, iban: wallet.iban, bic: wallet.bic })
    .onConflictDoNothing();
  const row = await findPaymentAccount(db, userId);
  if (!row) throw new AppError('CONFLICT');
  return { IBAN: row.iban, BIC: row.bic };
};
