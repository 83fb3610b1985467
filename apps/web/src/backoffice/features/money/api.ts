import {
  ADMIN_API_PREFIX,
  type CorrectionBody,
  type CorrectionRow,
  correctionRow,
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
