import { z } from 'zod';

/**
 * Payment account, payouts and transactions (spec sections 2, 3, 5, 7; ADR 0005). Amounts on the
 * wire are strings of integer euro cents ("1050" is 10,50 €).
 */
export const amountCentsString = z.string().regex(/^\d{1,15}$/, 'Betrag in Cent als ganze Zahl');
export const signedCentsString = z.string().regex(/^-?\d{1,15}$/);
const SMS_CODE_MAX_LENGTH = 16;
const NAME_MAX_LENGTH = 140;
const REFERENCE_MAX_LENGTH = 140;

export const transactionTypes = ['buy', 'sell', 'charge', 'payout', 'rent', 'bonus', 'financing'] as const;
export const transactionStatuses = [
  'init',
  'pending',
  'reserved',
  'charged',
  'success',
  'canceled',
  'canceledOffer',
  'refund',
  'error',
] as const;
export const transactionMethods = [
  'applePay',
  'googlePay',
  'creditCard',
  'debitCard',
  'directDebit',
  'bankWire',
  'transfer',
  'account',
] as const;
export const taxTypes = ['KapESt', 'KESt', 'Kirchensteuer', 'Soli'] as const;

/** Spec section 3, Payout account. */
export const payoutAccount = z.object({
  id: z.string(),
  IBAN: z.string(),
  owner: z.string(),
  createdAt: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccount>;

/** Spec section 3, Transaction. `amount` is always positive; `type` says the direction. */
export const transaction = z.object({
  transactionId: z.string(),
  assetId: z.string().nullable(),
  /** The asset's name, for the line that names it (issue 34); null when no asset is involved. */
  assetTitle: z.string().nullable(),
  type: z.enum(transactionTypes),
  status: z.enum(transactionStatuses),
  method: z.enum(transactionMethods),
  amount: amountCentsString,
  time: z.string(),
  sender: z.string().nullable(),
  receiver: z.string().nullable(),
  fee: z.object({ amount: amountCentsString }),
  bonus: z.object({ amount: amountCentsString }),
  paymentInformation: z.string().nullable(),
  payoutAccount: payoutAccount.nullable(),
  taxes: z.array(z.object({ taxType: z.enum(taxTypes), amount: amountCentsString })),
  fiscalPeriod: z.string().nullable(),
  /** Spec section 3, execution place: the primary market or the bulletin board; null for money movements. */
  executionPlace: z.enum(['primaryMarket', 'bulletinBoard']).nullable(),
  /** Spec section 3, purchase price: the price per share the user paid (a purchase); else null. */
  purchasePrice: amountCentsString.nullable(),
  /** Spec section 3, sale price: the price per share the user sold at (a sale); else null. */
  salePrice: amountCentsString.nullable(),
});
export type Transaction = z.infer<typeof transaction>;

/** `GET /api/v1/payment/account`: the account screen (spec section 2, Account). */
export const paymentAccountView = z.object({
  /** Spec section 4: the displayed balance. */
  amount: signedCentsString,
  /** Spec section 4: the raw amount that can be paid out or invested. */
  availableAmount: amountCentsString,
  /** Money reserved for payouts and purchases in progress. */
  heldAmount: amountCentsString,
  IBAN: z.string().nullable(),
  BIC: z.string().nullable(),
  pendingTransactions: z.array(transaction),
  pastTransactions: z.array(transaction),
  /** Spec section 4, processed user view: the volume of the displayed buys and sells (packages/domain). */
  totalTransactionAmount: amountCentsString,
});
export type PaymentAccountView = z.infer<typeof paymentAccountView>;

export const transactionIdParams = z.strictObject({ transactionId: z.uuid() });

/** `POST /api/v1/payment/initmoneyout`. */
export const initMoneyOutBody = z.strictObject({ amount: amountCentsString, payoutAccountId: z.uuid() });
export const initMoneyOutResult = z.object({
  transactionId: z.string(),
  amount: amountCentsString,
  payoutAccountId: z.string(),
  IBAN: z.string(),
  /** The phone the code went to, masked ("+43 ••• ••• 89"). */
  smsSentTo: z.string(),
  expiresAt: z.string(),
});
export type InitMoneyOutResult = z.infer<typeof initMoneyOutResult>;

/** `POST /api/v1/payment/moneyout`. */
export const moneyOutBody = z.strictObject({
  transactionId: z.uuid(),
  smsCode: z.string().trim().max(SMS_CODE_MAX_LENGTH),
});
export const moneyOutResult = z.object({ transaction });

/** Optional header of every call that moves money; a retry with the same key answers the first answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{8,128}$/)
    .optional(),
});

/** Webhook events of the payment service provider (signed, see ADR 0005). */
export const pspEvent = z.discriminatedUnion('type', [
  z.object({
    eventId: z.string().min(1).max(128),
    type: z.literal('transfer.received'),
    transferId: z.string().min(1).max(128),
    walletId: z.string().min(1).max(128),
    amount: amountCentsString,
    senderName: z.string().max(NAME_MAX_LENGTH),
    senderIban: z.string().max(64),
    reference: z.string().max(REFERENCE_MAX_LENGTH),
  }),
  z.object({
    eventId: z.string().min(1).max(128),
    type: z.enum(['transfer.settled', 'transfer.returned']),
    transferId: z.string().min(1).max(128),
  }),
  /**
   * Income of an asset (rent, electricity sales) arrived at the platform's account at the provider
   * (issue 34): `reference` is the id of the recorded income the payer quoted.
   */
  z.object({
    eventId: z.string().min(1).max(128),
    type: z.literal('income.received'),
    transferId: z.string().min(1).max(128),
    amount: amountCentsString,
    senderName: z.string().max(NAME_MAX_LENGTH),
    reference: z.string().max(REFERENCE_MAX_LENGTH),
  }),
  z.object({
    eventId: z.string().min(1).max(128),
    type: z.enum(['payout.succeeded', 'payout.failed']),
    payoutId: z.string().min(1).max(128),
    reason: z.string().max(REFERENCE_MAX_LENGTH).optional(),
  }),
]);
export type PspEvent = z.infer<typeof pspEvent>;
export const PSP_SIGNATURE_HEADER = 'x-psp-signature';
export const PSP_TIMESTAMP_HEADER = 'x-psp-timestamp';
export const webhookResult = z.object({ outcome: z.enum(['applied', 'duplicate', 'ignored']) });

/** `POST /api/v1/dev/psp/transfer` (development only): simulate an incoming SEPA transfer. */
export const simulateTransferBody = z.strictObject({
  iban: z.string().min(15).max(42),
  amount: amountCentsString,
  name: z.string().trim().min(1).max(NAME_MAX_LENGTH),
  fromIban: z.string().min(15).max(42),
  reference: z.string().max(REFERENCE_MAX_LENGTH).optional(),
});
export const simulateTransferResult = z.object({ transferId: z.string() });

/** `POST /api/v1/dev/psp/income` (development only): the recorded income's transfer arrives. */
export const simulateIncomeBody = z.strictObject({ incomeId: z.uuid() });

/** `POST /api/v1/dev/psp/wallet` (development only): open the wallet of a user by e-mail. */
export const openWalletBody = z.strictObject({ email: z.email() });
export const walletResult = z.object({ IBAN: z.string(), BIC: z.string() });
