import * as ops from '@bw/api-client/operations';
import {
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
    queryFn: (): Promise<ReconciliationView> => adminApi.get(ops.getAdminReconciliation, reconciliationView),
  });

export const useCorrections = () =>
  useQuery({
    queryKey: [...moneyKey, 'corrections'],
    queryFn: (): Promise<CorrectionRow[]> => adminApi.get(ops.getAdminCorrections, z.array(correctionRow)),
  });

export const recordCorrection = (body: CorrectionBody) =>
  adminApi.send(ops.postAdminCorrections, correctionRow, { body });

export const usePayoutReviews = () =>
  useQuery({
    queryKey: [...moneyKey, 'payout-reviews'],
    queryFn: (): Promise<PayoutReviewRow[]> => adminApi.get(ops.getAdminPayoutsReview, z.array(payoutReviewRow)),
  });

export const usePayoutThreshold = () =>
  useQuery({
    queryKey: [...moneyKey, 'payout-threshold'],
    queryFn: () => adminApi.get(ops.getAdminPayoutsThreshold, payoutThresholdView),
  });

export const setPayoutThreshold = (thresholdCents: string) =>
  adminApi.send(ops.putAdminPayoutsThreshold, payoutThresholdView, { body: { thresholdCents } });

export const decidePayout = (transactionId: string, decision: 'release' | 'reject', reason: string) =>
  adminApi.send(ops.postAdminPayoutsByIdDecision, z.object({ status: z.string() }), {
    path: { id: transactionId },
    body: { decision, reason },
  });

export const useBankWires = () =>
  useQuery({
    queryKey: [...moneyKey, 'bank-wires'],
    queryFn: (): Promise<BankWireRow[]> => adminApi.get(ops.getAdminBankWires, z.array(bankWireRow)),
  });

export const confirmBankWire = (transactionId: string, event: 'paymentReceived' | 'notaryDocumentsReceived') =>
  adminApi.send(ops.postAdminBankWiresByIdEvents, z.object({ status: z.string() }), {
    path: { id: transactionId },
    body: { event },
  });

export const useProviderReconciliationCases = () =>
  useQuery({
    queryKey: [...moneyKey, 'provider-reconciliation-cases'],
    queryFn: (): Promise<ProviderReconciliationCase[]> =>
      adminApi.get(ops.getAdminProviderReconciliationCases, z.array(providerReconciliationCase)),
  });

export const resolveProviderReconciliationCase = (id: string, note: string) =>
  adminApi.send(ops.postAdminProviderReconciliationCasesByIdResolve, providerReconciliationCase, {
    path: { id },
    body: { note },
  });
