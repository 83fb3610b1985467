import * as ops from '@bw/api-client/operations';
import { type ReferralLinkView, referralLinkView } from '@bw/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ApiClient, apiClient } from '../../../lib/api-client';

/** `GET /api/v1/bonus/referralLink`: the verified investor's link, code and the partner's terms (issue 25). */
export const getReferralLink = (client: ApiClient = apiClient): Promise<ReferralLinkView> =>
  client.get(ops.getBonusReferralLink, referralLinkView);

export const useReferralLink = () =>
  useQuery({ queryKey: ['bonuses', 'referral-link'], queryFn: () => getReferralLink(), retry: false });
