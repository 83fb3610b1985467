import {
  ADMIN_API_PREFIX,
  type AssetDistributionsView,
  assetDistributionsView,
  assetIncomeView,
  distributionProposalView,
  type RecordIncomeBody,
} from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminApi, uploadFile } from '../../lib/admin-api';

const P = `${ADMIN_API_PREFIX}/assets`;
export const distributionsKey = (assetId: string) => ['backoffice', 'distributions', assetId] as const;

export const useAssetDistributions = (assetId: string) =>
  useQuery({
    queryKey: distributionsKey(assetId),
    enabled: assetId !== '',
    queryFn: (): Promise<AssetDistributionsView> =>
      adminApi.get(`${P}/${assetId}/distributions`, assetDistributionsView),
  });

export const recordIncome = (assetId: string, body: RecordIncomeBody) =>
  adminApi.send('POST', `${P}/${assetId}/incomes`, body, assetIncomeView);

export const uploadIncomeDocument = (assetId: string, incomeId: string, file: File) =>
  uploadFile(
    `${P}/${assetId}/incomes/${incomeId}/documents`,
    file,
    z.object({ id: z.string(), fileName: z.string(), sizeBytes: z.number() }),
  );

export const proposeDistribution = (assetId: string, body: { periodKey: string; recordDate?: string }) =>
  adminApi.send('POST', `${P}/${assetId}/distributions`, body, distributionProposalView);

/** Submit (first pair of eyes), approve (second: pays) or decline a run proposal (issue 35). */
export const decideProposal = (
  assetId: string,
  proposalId: string,
  step: 'submit' | 'approve' | 'decline',
  reason?: string,
) =>
  adminApi.send(
    'POST',
    `${P}/${assetId}/distributions/proposals/${proposalId}/${step}`,
    step === 'decline' ? { reason } : undefined,
    distributionProposalView,
  );

export const incomeDocumentUrl = (assetId: string, incomeId: string, fileId: string) =>
  `${P}/${assetId}/incomes/${incomeId}/documents/${fileId}`;
