import * as ops from '@bw/api-client/operations';
import {
  type AssetDistributionsView,
  assetDistributionsView,
  assetIncomeView,
  distributionProposalView,
  type RecordIncomeBody,
} from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { urlOf } from '../../../lib/api-client';
import { adminApi, uploadFile } from '../../lib/admin-api';

export const distributionsKey = (assetId: string) => ['backoffice', 'distributions', assetId] as const;

export const useAssetDistributions = (assetId: string) =>
  useQuery({
    queryKey: distributionsKey(assetId),
    enabled: assetId !== '',
    queryFn: (): Promise<AssetDistributionsView> =>
      adminApi.get(ops.getAdminAssetsByIdDistributions, assetDistributionsView, { path: { id: assetId } }),
  });

export const recordIncome = (assetId: string, body: RecordIncomeBody) =>
  adminApi.send(ops.postAdminAssetsByIdIncomes, assetIncomeView, { path: { id: assetId }, body });

export const uploadIncomeDocument = (assetId: string, incomeId: string, file: File) =>
  uploadFile(
    urlOf(ops.postAdminAssetsByIdIncomesByIncomeIdDocuments, { path: { id: assetId, incomeId } }),
    file,
    z.object({ id: z.string(), fileName: z.string(), sizeBytes: z.number() }),
  );

export const proposeDistribution = (assetId: string, body: { periodKey: string; recordDate?: string }) =>
  adminApi.send(ops.postAdminAssetsByIdDistributions, distributionProposalView, { path: { id: assetId }, body });

/** Submit (first pair of eyes), approve (second: pays) or decline a run proposal (issue 35). */
export const decideProposal = (
  assetId: string,
  proposalId: string,
  step: 'submit' | 'approve' | 'decline',
  reason?: string,
) => {
  const path = { id: assetId, proposalId };
  if (step === 'submit')
    return adminApi.send(ops.postAdminAssetsByIdDistributionsProposalsByProposalIdSubmit, distributionProposalView, {
      path,
    });
  if (step === 'approve')
    return adminApi.send(ops.postAdminAssetsByIdDistributionsProposalsByProposalIdApprove, distributionProposalView, {
      path,
    });
  return adminApi.send(ops.postAdminAssetsByIdDistributionsProposalsByProposalIdDecline, distributionProposalView, {
    path,
    body: { reason: reason ?? '' },
  });
};

export const incomeDocumentUrl = (assetId: string, incomeId: string, fileId: string) =>
  urlOf(ops.getAdminAssetsByIdIncomesByIncomeIdDocumentsByFileId, { path: { id: assetId, incomeId, fileId } });
