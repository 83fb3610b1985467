/**
 * The payment service provider behind an interface (architecture: providers). It keeps each
 * investor's wallet (personal IBAN and BIC), receives SEPA transfers and executes payouts, and
 * reports both by signed webhooks to `POST /api/v1/payment/webhook` (ADR 0005).
 */
export type Wallet = { walletId: string; iban: string; bic: string };

export type PayoutOrder = {
  /** Our transaction id; the provider's idempotency key for the payout. */
  payoutId: string;
  walletId: string;
  amountCents: bigint;
  iban: string;
  name: string;
};

export type PaymentProvider = {
  /** Idempotent per `externalRef` (our user id): a second call returns the same wallet. */
  openWallet(input: { externalRef: string }): Promise<Wallet>;
  /** Idempotent per `payoutId`; the result comes later as `payout.succeeded` or `payout.failed`. */
  sendPayout(order: PayoutOrder): Promise<void>;
  /**
   * The provider's own record of a payout (issue 18): the reconciliation job asks it for payouts
   * whose webhook did not come. `unknown`: the provider never received the order.
   */
  payoutStatus(payoutId: string): Promise<PayoutStatus>;
};

export type PayoutStatus = { state: 'pending' | 'succeeded' | 'unknown' } | { state: 'failed'; reason: string };

export type IncomingTransfer = {
  iban: string;
  amountCents: bigint;
  senderName: string;
  senderIban: string;
  reference: string;
};

/** What only the sandbox can do: simulate the outside world and deliver its webhooks now. */
export type PaymentSandbox = PaymentProvider & {
  simulateIncomingTransfer(transfer: IncomingTransfer): Promise<{ transferId: string }>;
  /** Sends queued webhooks; `all` ignores their delays (tests). Resolves with the number delivered. */
  deliverWebhooks(options?: { all?: boolean }): Promise<number>;
  start(): void;
  stop(): void;
};
