import type { PspEvent } from '@bw/contracts';

/**
 * The payment service provider behind an interface (architecture: providers). It keeps each
 * investor's wallet (personal IBAN and BIC), receives SEPA transfers and executes payouts, and
 * reports both by signed webhooks to `POST /api/v1/payment/webhook` (ADR 0005).
 */
export type Wallet = { walletId: string; iban: string; bic: string };

/** Who the wallet is for: a real provider opens it in the investor's name (KYC data of our onboarding). */
export type WalletHolder = {
  firstName: string;
  lastName: string;
  email: string;
  /** ISO date `YYYY-MM-DD`. */
  birthDate: string;
  /** ISO 3166-1 alpha-2. */
  nationality: string;
  countryOfResidence: string;
  address: { line1: string; city: string; postcode: string; country: string };
};

export type PayoutOrder = {
  /** Our transaction id; the provider's idempotency key for the payout. */
  payoutId: string;
  walletId: string;
  amountCents: bigint;
  iban: string;
  name: string;
  /** The account owner's address (the investor's; Mangopay requires it for an IBAN bank account). */
  ownerAddress: { line1: string; city: string; postcode: string; country: string } | null;
};

export type PaymentProvider = {
  /** Idempotent per `externalRef` (our user id): a second call returns the same wallet. */
  openWallet(input: { externalRef: string; holder: WalletHolder | null }): Promise<Wallet>;
  /** Idempotent per `payoutId`; the result comes later as `payout.succeeded` or `payout.failed`. */
  sendPayout(order: PayoutOrder): Promise<void>;
  /**
   * The provider's own record of a payout (issue 18): the reconciliation job asks it for payouts
   * whose webhook did not come. `unknown`: the provider never received the order.
   */
  payoutStatus(payoutId: string): Promise<PayoutStatus>;
  /**
   * A provider that keeps a wallet per investor (Mangopay, issue 38) has these too: the platform's
   * wallets, transfers between wallets as the ledger books them, wallet balances for the daily
   * reconciliation, and the resources its unsigned hooks name. The sandbox keeps one pool and has none.
   */
  wallets?: ProviderWallets;
};

/** The events a provider notification stands for, read from the provider itself; `refused`: it does not know the resource. */
export type ResolvedNotification = { kind: 'events'; events: PspEvent[] } | { kind: 'refused'; reason: string };

export type ProviderWallets = {
  /** The platform's fee wallet (ledger book `platform_fees`). */
  feeWalletId: string;
  /** The platform's wallet for every other house book in euros (issuers' cash, income, taxes, bonuses, corrections). */
  houseWalletId: string;
  /** Idempotent per key: the same key twice is one transfer. */
  transfer(input: {
    fromWalletId: string;
    toWalletId: string;
    amountCents: bigint;
    idempotencyKey: string;
  }): Promise<{ transferId: string }>;
  balance(walletId: string): Promise<bigint>;
  resolveNotification(eventType: string, resourceId: string): Promise<ResolvedNotification>;
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
  /**
   * An asset's income (rent, electricity sales) arriving at the platform's account, quoting the
   * recorded income's id (issue 34): the provider confirms it with its `income.received` webhook.
   */
  simulateIncomeTransfer(transfer: { reference: string; amountCents: bigint; senderName: string }): Promise<{
    transferId: string;
  }>;
  /** Sends queued webhooks; `all` ignores their delays (tests). Resolves with the number delivered. */
  deliverWebhooks(options?: { all?: boolean }): Promise<number>;
  start(): void;
  stop(): void;
};
