import {
  ADMIN_API_PREFIX,
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
import { adminApi, queryString } from '../../lib/admin-api';

const P = `${ADMIN_API_PREFIX}/investors`;
export const investorsKey = ['backoffice', 'investors'] as const;

export const useInvestors = (search: string) =>
  useQuery({
    queryKey: [...investorsKey, 'list', search],
    queryFn: (): Promise<InvestorRow[]> => adminApi.get(`${P}${queryString({ search })}`, z.array(investorRow)),
    placeholderData: keepPreviousData,
  });

export const useInvestor = (id: string) =>
  useQuery({
    queryKey: [...investorsKey, 'one', id],
    queryFn: (): Promise<InvestorDetail> => adminApi.get(`${P}/${id}`, investorDetail),
  });

export const lockInvestor = (id: string, locked: boolean, reason: string) =>
  adminApi.send('POST', `${P}/${id}/${locked ? 'lock' : 'unlock'}`, { reason }, investorDetail);

export const resendEmail = (id: string, kind: 'verification' | 'identificationResult') =>
  adminApi.send('POST', `${P}/${id}/emails`, { kind }, z.object({ sent: z.literal(true) }));

/** A message to the investor's inbox (notification type `text`), pushed and e-mailed by their settings. */
export const sendMessage = (id: string, message: InvestorMessageBody) =>
  adminApi.send('POST', `${P}/${id}/messages`, message, z.object({ messageId: z.uuid() }));

export const reviewKey = ['backoffice', 'identification-review'] as const;
export const useReviewQueue = () =>
  useQuery({
    queryKey: reviewKey,
    queryFn: (): Promise<ReviewQueueItem[]> =>
      adminApi.get(`${ADMIN_API_PREFIX}/identifications/review`, z.array(reviewQueueItem)),
  });

export const decide = (verificationId: string, decision: 'approve' | 'decline', reason: string) =>
  adminApi.send(
    'POST',
    `${ADMIN_API_PREFIX}/identifications/${verificationId}/decision`,
    { decision, reason },
    z.object({ status: z.string() }),
  );

export const documentUrl = (verificationId: string, documentId: string): string =>
  `${ADMIN_API_PREFIX}/identifications/${verificationId}/documents/${documentId}`;

/** Issue 20: the investor's compliance log. */
export const useComplianceLogs = (id: string) =>
  useQuery({
    queryKey: [...investorsKey, 'compliance', id],
    queryFn: (): Promise<ComplianceLogEntry[]> =>
      adminApi.get(`${P}/${id}/complianceLogs`, z.array(complianceLogEntry)),
  });

/** Issue 40: the investor's savings plans and their executions. */
export const useInvestorSavingsPlans = (id: string) =>
  useQuery({
    queryKey: [...investorsKey, 'savingsPlans', id],
    queryFn: (): Promise<SavingsOverview> => adminApi.get(`${P}/${id}/savingsPlans`, savingsOverview),
  });

/** Issue 40: the investor's auto-invest rules and what they bought or refused. */
export const useInvestorAutoInvest = (id: string) =>
  useQuery({
    queryKey: [...investorsKey, 'autoInvest', id],
    queryFn: (): Promise<AutoInvestOverview> => adminApi.get(`${P}/${id}/autoInvest`, autoInvestOverview),
  });
