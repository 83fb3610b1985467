import * as ops from '@bw/api-client/operations';
import {
  type InitMoneyOutResult,
  initMoneyOutResult,
  moneyOutResult,
  type PaymentAccountView,
  type PayoutAccount,
  paymentAccountView,
  payoutAccount,
  type Transaction,
  transaction,
  walletResult,
} from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/**
 * The payment calls of spec section 7 and ADR 0005. Every query key starts with `payment`, so a
 * realtime `update` (any money change) refreshes them all at once.
 */
export const PAYMENT_QUERY_ROOT = 'payment';

/** ADR 0005: the header of every call that moves money; one key per user action. */
const IDEMPOTENCY_HEADER_NAME = 'Idempotency-Key';

export const newIdempotencyKey = (): string => crypto.randomUUID();

export const getPaymentAccount = (client: ApiClient = apiClient): Promise<PaymentAccountView> =>
  client.get(ops.getPaymentAccount, paymentAccountView);

export const paymentAccountQueryOptions = () =>
  queryOptions({ queryKey: [PAYMENT_QUERY_ROOT, 'account'], queryFn: () => getPaymentAccount() });

export const usePaymentAccount = () => useQuery(paymentAccountQueryOptions());

/** `POST /api/v1/payment/account`: opens the wallet of a verified user (idempotent). */
export const openPaymentAccount = async (client: ApiClient = apiClient): Promise<void> => {
  await client.send(ops.postPaymentAccount, walletResult);
};

const payoutAccountList = z.array(payoutAccount);

export const getPayoutAccounts = (client: ApiClient = apiClient): Promise<PayoutAccount[]> =>
  client.get(ops.getPaymentPayoutAccounts, payoutAccountList);

export const usePayoutAccounts = () =>
  useQuery({ queryKey: [PAYMENT_QUERY_ROOT, 'payoutAccounts'], queryFn: () => getPayoutAccounts() });

export const getTransaction = (transactionId: string, client: ApiClient = apiClient): Promise<Transaction> =>
  client.get(ops.getPaymentTransactionsByTransactionId, transaction, { path: { transactionId } });

export const useTransaction = (transactionId: string | null) =>
  useQuery({
    queryKey: [PAYMENT_QUERY_ROOT, 'transaction', transactionId],
    queryFn: () => getTransaction(transactionId ?? ''),
    enabled: transactionId !== null,
    retry: false,
  });

/** `POST /api/v1/payment/initmoneyout`: checks the payout and sends the SMS code. */
export const initMoneyOut = (
  input: { amountCents: bigint; payoutAccountId: string; idempotencyKey: string },
  client: ApiClient = apiClient,
): Promise<InitMoneyOutResult> =>
  client.send(ops.postPaymentInitmoneyout, initMoneyOutResult, {
    body: { amount: input.amountCents.toString(), payoutAccountId: input.payoutAccountId },
    headers: { [IDEMPOTENCY_HEADER_NAME]: input.idempotencyKey },
  });

/** `POST /api/v1/payment/moneyout`: confirms the payout with the SMS code. */
export const confirmMoneyOut = async (
  input: { transactionId: string; smsCode: string; idempotencyKey: string },
  client: ApiClient = apiClient,
): Promise<Transaction> => {
  const result = await client.send(ops.postPaymentMoneyout, moneyOutResult, {
    body: { transactionId: input.transactionId, smsCode: input.smsCode },
    headers: { [IDEMPOTENCY_HEADER_NAME]: input.idempotencyKey },
  });
  return result.transaction;
};
