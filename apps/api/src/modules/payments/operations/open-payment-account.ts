import { type Db, paymentAccounts, personalInformation } from '@bw/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';
import type { PaymentProvider, WalletHolder } from '../../../providers/payments/payment-provider.js';
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
  const wallet = await provider.openWallet({ externalRef: userId, holder: await walletHolderOf(db, user) });
  await db
    .insert(paymentAccounts)
    .values({ userId, providerWalletId: wallet.walletId, iban: wallet.iban, bic: wallet.bic })
    .onConflictDoNothing();
  const row = await findPaymentAccount(db, userId);
  if (!row) throw new AppError('CONFLICT');
  return { IBAN: row.iban, BIC: row.bic };
};

/** The onboarding's KYC data in the shape a provider opens a wallet with; null while anything is missing. */
const walletHolderOf = async (
  db: Db,
  user: { id: string; email: string; firstName: string | null; lastName: string | null },
): Promise<WalletHolder | null> => {
  const [info] = await db.select().from(personalInformation).where(eq(personalInformation.userId, user.id));
  if (!info || !user.firstName || !user.lastName || !info.birthDate || !info.nationality || !info.domicile) return null;
  if (!info.street || !info.city || !info.postcode) return null;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    birthDate: info.birthDate,
    nationality: info.nationality,
    countryOfResidence: info.domicile,
    address: {
      line1: [info.street, info.houseNumber].filter(Boolean).join(' '),
      city: info.city,
      postcode: info.postcode,
      country: info.domicile,
    },
  };
};
