import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { PspEvent } from '@bw/contracts';
import type { Db } from '@bw/db';
import { normalizeIban } from '@bw/domain';
import type { FastifyBaseLogger } from 'fastify';
import mangopay from 'mangopay4-nodejs-sdk';
import { ProviderError } from '../messaging/messaging-provider.js';
import { createProviderObjectStore } from '../provider-objects.js';
import { createProviderCaller, type ResiliencePolicy, statusOf } from '../resilience.js';
import type {
  PaymentProvider,
  PayoutOrder,
  PayoutStatus,
  ResolvedNotification,
  Wallet,
  WalletHolder,
} from './payment-provider.js';

export type MangopaySettings = {
  clientId: string;
  apiKey: string;
  /** `https://api.sandbox.mangopay.com` (staging) or `https://api.mangopay.com`. */
  baseUrl: string;
  /** The platform's legal user, owner of the fee and house wallets (author of their transfers). */
  platformUserId: string;
  feeWalletId: string;
  houseWalletId: string;
  /** Country of the investors' virtual-account IBANs (must match the wallet currency's countries). */
  virtualAccountCountry: string;
};

type Money = { Currency: string; Amount: number };
type MangopayPayIn = {
  Id: string;
  Status: 'CREATED' | 'SUCCEEDED' | 'FAILED';
  PaymentType: string;
  ExecutionType: string;
  CreditedWalletId: string;
  CreditedFunds: Money;
  WireReference?: string | null;
  DebitedBankAccount?: { OwnerName?: string | null; IBAN?: string | null } | null;
};
type MangopayTransfer = {
  Id: string;
  Status: 'CREATED' | 'SUCCEEDED' | 'FAILED';
  AuthorId: string;
  DebitedWalletId: string;
  CreditedWalletId: string;
  CreditedFunds: Money;
  Tag?: string | null;
};
type MangopayPayOut = {
  Id: string;
  Status: 'CREATED' | 'SUCCEEDED' | 'FAILED';
  Tag?: string | null;
  ResultMessage?: string | null;
};

const PROVIDER = 'mangopay';
const EUR = 'EUR';

/** Mangopay answers with `{ Message, Type, errors }` and the HTTP status; 4xx but 429 are refusals, not outages. */
const toProviderError = (error: unknown): unknown => {
  const status = statusOf(error);
  if (status === null || status >= 500 || status === 429 || status === 408) return error;
  const message = (error as { Message?: string }).Message ?? `status ${status}`;
  return Object.assign(new ProviderError(`mangopay: ${message}`, true), { status });
};

/**
 * The SDK turns a request that got no response (connection refused, reset) into a TypeError inside
 * its own promise chain and never settles. An interceptor on the SDK's own axios gives such a
 * failure a response (status 503), so the call fails at once and our circuit counts it.
 */
let interceptorInstalled = false;
const installNetworkErrorInterceptor = () => {
  if (interceptorInstalled) return;
  interceptorInstalled = true;
  const sdkRequire = createRequire(createRequire(import.meta.url).resolve('mangopay4-nodejs-sdk'));
  const axios = sdkRequire('axios') as {
    interceptors: { response: { use(ok: undefined, fail: (error: unknown) => unknown): void } };
  };
  axios.interceptors.response.use(undefined, (error: unknown) => {
    const failure = error as { response?: { status?: number; data?: unknown }; message?: string; code?: string };
    if (failure && typeof failure === 'object' && !failure.response && failure.code !== 'ERR_CANCELED') {
      failure.response = { status: 503, data: { Message: failure.message ?? 'network error', status: 503 } };
    }
    // The SDK rejects with the body alone: the status goes into it, so a 404 can be told from an outage.
    const data = failure?.response?.data;
    if (data && typeof data === 'object' && !('status' in data)) {
      Object.assign(data, { status: failure.response?.status });
    }
    return Promise.reject(error);
  });
};

/** Mangopay's Birthday is a Unix timestamp (seconds) of midnight UTC. */
const unixDay = (isoDate: string): number => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / 1000);

/**
 * The payment account at Mangopay (issue 38, ADR 0038): a natural user and a EUR wallet per
 * investor, a Virtual Account (the investor's own IBAN) for SEPA pay-ins, payouts to the verified
 * bank account, transfers between wallets as the ledger books them. Every money call carries an
 * idempotency key; every object we create is remembered in `provider_objects`, so a retried call
 * finds it again. Hooks are unsigned: `resolveNotification` reads the named resource from Mangopay
 * and only that is trusted.
 */
export const createMangopayPayments = (
  settings: MangopaySettings,
  options: { db: Db; log: FastifyBaseLogger; resilience?: Partial<ResiliencePolicy> },
): PaymentProvider => {
  installNetworkErrorInterceptor();
  const api = new mangopay({
    clientId: settings.clientId,
    clientApiKey: settings.apiKey,
    baseUrl: settings.baseUrl,
    errorHandler: () => {},
  });
  const caller = createProviderCaller(PROVIDER, options.resilience);
  const objects = createProviderObjectStore(options.db, PROVIDER);
  // biome-ignore lint/suspicious/noExplicitAny: the SDK's typings do not cover every payload it accepts.
  const sdk = api as any;

  const call = <T>(operation: string, run: () => Promise<T>, idempotent: boolean): Promise<T> =>
    caller.call(
      operation,
      async () => {
        try {
          return await run();
        } catch (error) {
          throw toProviderError(error);
        }
      },
      { idempotent },
    );
  /**
   * Mangopay takes an `Idempotency-Key` header of 16–36 characters (letters, digits, dashes), the
   * header the SDK's `OptionsHelper.withIdempotency` sets: ours is `bw-` and 32 hex digits of our
   * key's hash (35 characters), stable per key.
   */
  const withKey = (key: string) => ({
    headers: { 'Idempotency-Key': `bw-${createHash('sha256').update(key).digest('hex').slice(0, 32)}` },
  });

  const createUser = async (externalRef: string, holder: WalletHolder): Promise<string> => {
    const known = await objects.find('user', externalRef);
    if (known) return known.providerId;
    const user = await call(
      'users.create',
      () =>
        sdk.Users.create(
          {
            PersonType: 'NATURAL',
            FirstName: holder.firstName,
            LastName: holder.lastName,
            Email: holder.email,
            Birthday: unixDay(holder.birthDate),
            Nationality: holder.nationality,
            CountryOfResidence: holder.countryOfResidence,
            Address: {
              AddressLine1: holder.address.line1,
              City: holder.address.city,
              PostalCode: holder.address.postcode,
              Country: holder.address.country,
            },
            UserCategory: 'OWNER',
            TermsAndConditionsAccepted: true,
            Tag: externalRef,
          },
          withKey(`bw-user-${externalRef}`),
        ) as Promise<{ Id: string }>,
      true,
    );
    return (await objects.remember('user', externalRef, user.Id)).providerId;
  };

  const createWallet = async (externalRef: string, ownerId: string): Promise<string> => {
    const known = await objects.find('wallet', externalRef);
    if (known) return known.providerId;
    const wallet = await call(
      'wallets.create',
      () =>
        sdk.Wallets.create(
          { Owners: [ownerId], Currency: EUR, Description: 'Brickwise Zahlungskonto', Tag: externalRef },
          withKey(`bw-wallet-${externalRef}`),
        ) as Promise<{ Id: string }>,
      true,
    );
    return (await objects.remember('wallet', externalRef, wallet.Id, { userId: ownerId })).providerId;
  };

  const createVirtualAccount = async (externalRef: string, walletId: string): Promise<Wallet> => {
    const known = await objects.find('virtual_account', externalRef);
    if (known) return { walletId, iban: String(known.data.iban), bic: String(known.data.bic) };
    const account = await call(
      'virtual-accounts.create',
      () =>
        sdk.VirtualAccounts.create(
          walletId,
          { Country: settings.virtualAccountCountry, VirtualAccountPurpose: 'COLLECTION', Tag: externalRef },
          withKey(`bw-va-${externalRef}`),
        ) as Promise<{
          Id: string;
          Status: string;
          LocalAccountsDetails?: { Account?: { Iban?: string; Bic?: string } };
          InternationalAccountDetails?: { Account?: { Iban?: string; Bic?: string } };
        }>,
      true,
    );
    const details = account.InternationalAccountDetails?.Account ?? account.LocalAccountsDetails?.Account;
    if (!details?.Iban || !details.Bic) throw new ProviderError('mangopay: virtual account without IBAN', false);
    const iban = normalizeIban(details.Iban);
    await objects.remember('virtual_account', externalRef, account.Id, { iban, bic: details.Bic, walletId });
    return { walletId, iban, bic: details.Bic };
  };

  const openWallet = async ({ externalRef, holder }: { externalRef: string; holder: WalletHolder | null }) => {
    const knownWallet = await objects.find('wallet', externalRef);
    if (!knownWallet && !holder) throw new ProviderError('mangopay: the investor data is incomplete', true);
    const ownerId = knownWallet
      ? String(knownWallet.data.userId)
      : await createUser(externalRef, holder as WalletHolder);
    const walletId = knownWallet?.providerId ?? (await createWallet(externalRef, ownerId));
    return createVirtualAccount(externalRef, walletId);
  };

  const ownerOfWallet = async (walletId: string): Promise<{ userId: string; ourRef: string }> => {
    const wallet = await objects.findByProviderId('wallet', walletId);
    if (!wallet) throw new ProviderError(`mangopay: wallet ${walletId} is not ours`, true);
    return { userId: String(wallet.data.userId), ourRef: wallet.ourRef };
  };

  const bankAccountFor = async (order: PayoutOrder, mangopayUserId: string, ourRef: string): Promise<string> => {
    const iban = normalizeIban(order.iban);
    const reference = `${ourRef}:${iban}`;
    const known = await objects.find('bank_account', reference);
    if (known) return known.providerId;
    const address = order.ownerAddress;
    if (!address) throw new ProviderError('mangopay: the bank account owner has no address', true);
    const account = await call(
      'bank-accounts.create',
      () =>
        sdk.Users.createBankAccount(
          mangopayUserId,
          {
            Type: 'IBAN',
            OwnerName: order.name,
            IBAN: iban,
            OwnerAddress: {
              AddressLine1: address.line1,
              City: address.city,
              PostalCode: address.postcode,
              Country: address.country,
            },
            Tag: ourRef,
          },
          withKey(`bank:${reference}`),
        ) as Promise<{ Id: string }>,
      true,
    );
    return (await objects.remember('bank_account', reference, account.Id)).providerId;
  };

  const sendPayout = async (order: PayoutOrder): Promise<void> => {
    if (await objects.find('payout', order.payoutId)) return;
    const owner = await ownerOfWallet(order.walletId);
    const bankAccountId = await bankAccountFor(order, owner.userId, owner.ourRef);
    const payout = await call(
      'payouts.create',
      () =>
        sdk.PayOuts.create(
          {
            AuthorId: owner.userId,
            DebitedWalletId: order.walletId,
            DebitedFunds: { Currency: EUR, Amount: Number(order.amountCents) },
            Fees: { Currency: EUR, Amount: 0 },
            BankAccountId: bankAccountId,
            BankWireRef: 'Brickwise Auszahlung',
            PaymentType: 'BANK_WIRE',
            Tag: order.payoutId,
          },
          withKey(`bw-payout-${order.payoutId}`),
        ) as Promise<MangopayPayOut>,
      true,
    );
    await objects.remember('payout', order.payoutId, payout.Id);
  };

  const readPayout = (payoutId: string) =>
    call('payouts.get', () => sdk.PayOuts.get(payoutId) as Promise<MangopayPayOut>, true);

  const payoutStatus = async (payoutId: string): Promise<PayoutStatus> => {
    const known = await objects.find('payout', payoutId);
    if (!known) return { state: 'unknown' };
    const payout = await readPayout(known.providerId);
    if (payout.Status === 'SUCCEEDED') return { state: 'succeeded' };
    if (payout.Status === 'FAILED') return { state: 'failed', reason: payout.ResultMessage ?? 'mangopay: failed' };
    return { state: 'pending' };
  };

  /** Reads a resource and answers 404 as "refused": a hook naming something Mangopay does not know is forged. */
  const readOrRefuse = async <T>(operation: string, run: () => Promise<T>): Promise<T | null> => {
    try {
      return await call(operation, run, true);
    } catch (error) {
      if (error instanceof ProviderError && error.permanent && statusOf(error) === 404) return null;
      throw error;
    }
  };

  /**
   * An asset's income (rent, electricity sales) arriving in the platform's house wallet (issue 34):
   * the provider has confirmed it, so it is the `income.received` the sandbox sends. `reference`
   * is what the payer quoted: the recorded income's id.
   */
  const incomeReceived = (
    transferId: string,
    input: { amountCents: number; senderName: string; reference: string },
  ): ResolvedNotification => ({
    kind: 'events',
    events: [
      {
        eventId: `${transferId}:income`,
        type: 'income.received',
        transferId,
        amount: String(input.amountCents),
        senderName: input.senderName,
        reference: input.reference,
      },
    ],
  });

  const resolvePayIn = async (resourceId: string): Promise<ResolvedNotification> => {
    const payIn = await readOrRefuse('payins.get', () => sdk.PayIns.get(resourceId) as Promise<MangopayPayIn>);
    if (!payIn) return { kind: 'refused', reason: 'Mangopay kennt diese Einzahlung nicht' };
    if (payIn.PaymentType !== 'BANK_WIRE' || payIn.Status !== 'SUCCEEDED') return { kind: 'events', events: [] };
    if (payIn.CreditedFunds.Currency !== EUR) return { kind: 'refused', reason: 'Einzahlung nicht in Euro' };
    const transferId = `mangopay-payin-${payIn.Id}`;
    // A wire to the house wallet's IBAN is an asset's income, not an investor's pay-in.
    if (payIn.CreditedWalletId === settings.houseWalletId)
      return incomeReceived(transferId, {
        amountCents: payIn.CreditedFunds.Amount,
        senderName: payIn.DebitedBankAccount?.OwnerName ?? '',
        reference: payIn.WireReference ?? '',
      });
    const events: PspEvent[] = [
      {
        eventId: `${transferId}:received`,
        type: 'transfer.received',
        transferId,
        walletId: payIn.CreditedWalletId,
        amount: String(payIn.CreditedFunds.Amount),
        senderName: payIn.DebitedBankAccount?.OwnerName ?? '',
        senderIban: normalizeIban(payIn.DebitedBankAccount?.IBAN ?? ''),
        reference: payIn.WireReference ?? '',
      },
      // A SUCCEEDED pay-in has credited the wallet: the money is there.
      { eventId: `${transferId}:settled`, type: 'transfer.settled', transferId },
    ];
    return { kind: 'events', events };
  };

  /**
   * A transfer between Mangopay wallets: ours (the ledger's mirror) are known already and change
   * nothing; one from another user's wallet (an issuer paying the income from its own wallet) into
   * the house wallet is an asset's income, its `Tag` the recorded income's id.
   */
  const resolveTransfer = async (resourceId: string): Promise<ResolvedNotification> => {
    if (await objects.findByProviderId('transfer', resourceId)) return { kind: 'events', events: [] };
    const transfer = await readOrRefuse(
      'transfers.get',
      () => sdk.Transfers.get(resourceId) as Promise<MangopayTransfer>,
    );
    if (!transfer) return { kind: 'refused', reason: 'Mangopay kennt diese Überweisung nicht' };
    if (transfer.Status !== 'SUCCEEDED' || transfer.CreditedWalletId !== settings.houseWalletId)
      return { kind: 'events', events: [] };
    if (transfer.CreditedFunds.Currency !== EUR) return { kind: 'refused', reason: 'Überweisung nicht in Euro' };
    return incomeReceived(`mangopay-transfer-${transfer.Id}`, {
      amountCents: transfer.CreditedFunds.Amount,
      senderName: `Mangopay-Nutzer ${transfer.AuthorId}`,
      reference: transfer.Tag ?? '',
    });
  };

  const resolvePayout = async (resourceId: string): Promise<ResolvedNotification> => {
    const ours = await objects.findByProviderId('payout', resourceId);
    if (!ours) return { kind: 'refused', reason: 'Diese Auszahlung stammt nicht von uns' };
    const payout = await readOrRefuse('payouts.get', () => sdk.PayOuts.get(resourceId) as Promise<MangopayPayOut>);
    if (!payout) return { kind: 'refused', reason: 'Mangopay kennt diese Auszahlung nicht' };
    const eventId = `mangopay-payout-${payout.Id}:${payout.Status}`;
    if (payout.Status === 'SUCCEEDED')
      return { kind: 'events', events: [{ eventId, type: 'payout.succeeded', payoutId: ours.ourRef }] };
    if (payout.Status === 'FAILED')
      return {
        kind: 'events',
        events: [
          { eventId, type: 'payout.failed', payoutId: ours.ourRef, reason: payout.ResultMessage ?? 'mangopay: failed' },
        ],
      };
    return { kind: 'events', events: [] };
  };

  return {
    openWallet,
    sendPayout,
    payoutStatus,
    wallets: {
      feeWalletId: settings.feeWalletId,
      houseWalletId: settings.houseWalletId,
      transfer: async ({ fromWalletId, toWalletId, amountCents, idempotencyKey }) => {
        const known = await objects.find('transfer', idempotencyKey);
        if (known) return { transferId: known.providerId };
        const house = fromWalletId === settings.feeWalletId || fromWalletId === settings.houseWalletId;
        const authorId = house ? settings.platformUserId : (await ownerOfWallet(fromWalletId)).userId;
        const transfer = await call(
          'transfers.create',
          () =>
            sdk.Transfers.create(
              {
                AuthorId: authorId,
                DebitedWalletId: fromWalletId,
                CreditedWalletId: toWalletId,
                DebitedFunds: { Currency: EUR, Amount: Number(amountCents) },
                Fees: { Currency: EUR, Amount: 0 },
                Tag: idempotencyKey,
              },
              withKey(idempotencyKey),
            ) as Promise<{ Id: string; Status: string; ResultMessage?: string }>,
          true,
        );
        if (transfer.Status === 'FAILED')
          throw new ProviderError(`mangopay transfer failed: ${transfer.ResultMessage ?? ''}`, false);
        return { transferId: (await objects.remember('transfer', idempotencyKey, transfer.Id)).providerId };
      },
      balance: async (walletId) => {
        const wallet = await call('wallets.get', () => sdk.Wallets.get(walletId) as Promise<{ Balance: Money }>, true);
        return BigInt(wallet.Balance.Amount);
      },
      resolveNotification: async (eventType, resourceId) => {
        if (eventType.startsWith('PAYIN_NORMAL_')) return resolvePayIn(resourceId);
        if (eventType.startsWith('PAYOUT_NORMAL_')) return resolvePayout(resourceId);
        if (eventType.startsWith('TRANSFER_NORMAL_')) return resolveTransfer(resourceId);
        return { kind: 'events', events: [] };
      },
    },
  };
};
