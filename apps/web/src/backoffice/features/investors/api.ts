import * as ops from '@bw/api-client/operations';
import {
  type AutoInvestOverview,
  autoInvestOverview,
  type ComplianceLogEntry,
  complianceLogEntry,
  type InvestorDetail,
  type InvestorMessageBody,
  type InvestorRow,
  investorDetail,
  investorRow,
  type ReviewQueueItem,
  reviewQueueItem,
  type SavingsOverview,
  savingsOverview,
} from '@bw/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { urlOf } from '../../../lib/api-client';
import { adminApi } from '../../lib/admin-api';

export const investorsKey = ['backoffice', 'investors'] as const;

export const useInvestors = (search: string) =>
  useQuery({
    queryKey: [...investorsKey, 'list', search],
    queryFn: (): Promise<InvestorRow[]> =>
      adminApi.get(ops.getAdminInvestors, z.array(investorRow), { query: { search } }),
    placeholderData: keepPreviousData,
  });

export const useInvestor = (id: string) =>
  useQuery({
    queryKey: [...investorsKey, 'one', id],
    queryFn: (): Promise<InvestorDetail> => adminApi.get(ops.getAdminInvestorsById, investorDetail, { path: { id } }),
  });

export const lockInvestor = (id: string, locked: boolean, reason: string) =>
  adminApi.send(locked ? ops.postAdminInvestorsByIdLock : ops.postAdminInvestorsByIdUnlock, investorDetail, {
    path: { id },
    body: { reason },
  });

export const resendEmail = (id: string, kind: 'verification' | 'identificationResult') =>
  adminApi.send(ops.postAdminInvestorsByIdEmails, z.object({ sent: z.literal(true) }), {
    path: { id },
    body: { kind },
  });

/** A message to the investor's inbox (notification type `text`), pushed and e-mailed by their settings. */
export const sendMessage = (id: string, message: InvestorMessageBody) =>
  adminApi.send(ops.postAdminInvestorsByIdMessages, z.object({ messageId: z.uuid() }), { path: { id }, body: message });

export const reviewKey = ['backoffice', 'identification-review'] as const;
export const useReviewQueue = () =>
  useQuery({
    queryKey: reviewKey,
    queryFn: (): Promise<ReviewQueueItem[]> =>
      adminApi.get(ops.getAdminIdentificationsReview, z.array(reviewQueueItem)),
  });

export const decide = (verificationId: string, decision: 'approve' | 'decline', reason: string) =>
  adminApi.send(ops.postAdminIdentificationsByIdDecision, z.object({ status: z.string() }), {
    path: { id: verificationId },
    body: { decision, reason },
  });

export const documentUrl = (verificationId: string, documentId: string): string =>
  urlOf(ops.getAdminIdentificationsByIdDocumentsByDocumentId, { path: { id: verificationId, documentId } });

/** Issue 20: the investor's compliance log. */
export const useComplianceLogs = (id: string) =>
  useQuery({
    queryKey: [...investorsKey, 'compliance', id],
    queryFn: (): Promise<ComplianceLogEntry[]> =>
      adminApi.get(ops.getAdminInvestorsByIdComplianceLogs, z.array(complianceLogEntry), { path: { id } }),
  });

/** Issue 40: the investor's savings plans and their executions. */
export const useInvestorSavingsPlans = (id: string) =>
  useQuery({
    queryKey: [...investorsKey, 'savingsPlans', id],
    queryFn: (): Promise<SavingsOverview> =>
      adminApi.get(ops.getAdminInvestorsByIdSavingsPlans, savingsOverview, { path: { id } }),
  });

/** Issue 40: the investor's auto-invest rules and what they bought or refused. */
export const useInvestorAutoInvest = (id: string) =>
  useQuery({
    queryKey: [...investorsKey, 'autoInvest', id],
    queryFn: (): Promise<AutoInvestOverview> =>
      adminApi.get(ops.getAdminInvestorsByIdAutoInvest, autoInvestOverview, { path: { id } }),
  });
