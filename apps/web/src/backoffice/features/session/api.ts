import * as ops from '@bw/api-client/operations';
import { done, type InvitationView, invitationView, type StaffSession, staffSession } from '@bw/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/admin-api';

export const sessionKey = ['backoffice', 'session'] as const;

export const getStaffSession = (): Promise<StaffSession> => adminApi.get(ops.getAdminSession, staffSession);
export const staffSessionQuery = () =>
  queryOptions({ queryKey: sessionKey, queryFn: getStaffSession, staleTime: 60_000 });
export const useStaffSession = () => useQuery(staffSessionQuery());

export const logIn = (body: { email: string; password: string; code: string }): Promise<StaffSession> =>
  adminApi.send(ops.postAdminSession, staffSession, { body });

export const logOut = () => adminApi.send(ops.deleteAdminSession, done);

export const getInvitation = (token: string): Promise<InvitationView> =>
  adminApi.get(ops.getAdminInvitationsByToken, invitationView, { path: { token } });

export const acceptInvitation = (token: string, body: { password: string; code: string }): Promise<StaffSession> =>
  adminApi.send(ops.postAdminInvitationsByTokenAccept, staffSession, { path: { token }, body });
