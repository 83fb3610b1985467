import {
  ADMIN_API_PREFIX,
  type BankWireRow,
  bankWireRow,
  type CorrectionBody,
  type CorrectionRow,
  correctionRow,
  type PayoutReviewRow,
  type ProviderReconciliationCase,
  payoutReviewRow,
  payoutThresholdView,
  providerReconciliationCase,
  type ReconciliationView,
  reconciliationView,
} from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminApi } from '../../lib/admin-api';

export const moneyKey = ['backoffice', 'money'] as const;

export const useReconciliation = () =>
  useQuery({
    queryKey: [...moneyKey, 'reconciliation'],
    queryFn: (): Promise<ReconciliationView> => adminApi.get(`${ADMIN_API_PREFIX}/reconciliation`, reconciliationView),
  });

export const useCorrections = () =>
  useQuery({
    queryKey: [...moneyKey, 'corrections'],
    queryFn: (): Promise<CorrectionRow[]> => adminApi.get(`${ADMIN_API_PREFIX}/corrections`, z.array(correctionRow)),
  });

export const recordCorrection = (body: CorrectionBody) =>
  adminApi.send('POST', `${ADMIN_API_PREFIX}/corrections`, body, correctionRow);

export const usePayoutReviews = () =>
  useQuery({
    queryKey: [...moneyKey, 'payout-reviews'],
    queryFn: (): Promise<PayoutReviewRow[]> =>
      adminApi.get(`${ADMIN_API_PREFIX}/payouts/review`, z.array(payoutReviewRow)),
  });

export const usePayoutThreshold = () =>
  useQuery({
    queryKey: [...moneyKey, 'payout-threshold'],
    queryFn: () => adminApi.get(`${ADMIN_API_PREFIX}/payouts/threshold`, payoutThresholdView),
  });

export const setPayoutThreshold = (thresholdCents: string) =>
  adminApi.send('PUT', `${ADMIN_API_PREFIX}/payouts/threshold`, { thresholdCents }, payoutThresholdView);

export const decidePayout = (transactionId: string, decision: 'release' | 'reject', reason: string) =>
  adminApi.send(
    'POST',
    `${ADMIN_API_PREFIX}/payouts/${transactionId}/decision`,
    { decision, reason },
    z.object({ status: z.string() }),
  );

export const useBankWires = () =>
  useQuery({
    queryKey: [...moneyKey, 'bank-wires'],
    queryFn: (): Promise<BankWireRow[]> => adminApi.get(`${ADMIN_API_PREFIX}/bank-wires`, z.array(bankWireRow)),
  });

export const confirmBankWire = (transactionId: string, event: 'paymentReceived' | 'notaryDocumentsReceived') =>
  adminApi.send(
    'POST',
    `${ADMIN_API_PREFIX}/bank-wires/${transactionId}/events`,
    { event },
    z.object({ status: z.string() }),
  );

export const useProviderReconciliationCases = () =>
  useQuery({
    queryKey: [...moneyKey, 'provider-reconciliation-cases'],
    queryFn: (): Promise<ProviderReconciliationCase[]> =>
      adminApi.get(`${ADMIN_API_PREFIX}/provider-reconciliation-cases`, z.array(providerReconciliationCase)),
  });

export const resolveProviderReconciliationCase = (id: string, note: string) =>
  adminApi.send(
    'POST',
    `${ADMIN_API_PREFIX}/provider-reconciliation-cases/${id}/resolve`,
    { note },
    providerReconciliationCase,
  );
