import {
  ADMIN_API_PREFIX,
  done,
  type InvitationView,
  invitationView,
  type StaffSession,
  staffSession,
} from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/admin-api';

export const sessionKey = ['backoffice', 'session'] as const;

export const getStaffSession = (): Promise<StaffSession> => adminApi.get(`${ADMIN_API_PREFIX}/session`, staffSession);
export const staffSessionQuery = () =>
  queryOptions({ queryKey: sessionKey, queryFn: getStaffSession, staleTime: 60_000 });
export const useStaffSession = () => useQuery(staffSessionQuery());

export const logIn = (body: { email: string; password: string; code: string }): Promise<StaffSession> =>
  adminApi.send('POST', `${ADMIN_API_PREFIX}/session`, body, staffSession);

export const logOut = () => adminApi.send('DELETE', `${ADMIN_API_PREFIX}/session`, {}, done);

export const getInvitation = (token: string): Promise<InvitationView> =>
  adminApi.get(`${ADMIN_API_PREFIX}/invitations/${encodeURIComponent(token)}`, invitationView);

export const acceptInvitation = (token: string, body: { password: string; code: string }): Promise<StaffSession> =>
  adminApi.send('POST', `${ADMIN_API_PREFIX}/invitations/${encodeURIComponent(token)}/accept`, body, staffSession);
