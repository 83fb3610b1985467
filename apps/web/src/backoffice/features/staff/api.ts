import { ADMIN_API_PREFIX, type StaffInvitedView, type StaffView, staffInvited, staffView } from '@bw/contracts';
import type { StaffRole } from '@bw/domain';
import { adminApi } from '../../lib/admin-api';

export const inviteStaff = (body: { email: string; displayName: string; role: StaffRole }): Promise<StaffInvitedView> =>
  adminApi.send('POST', `${ADMIN_API_PREFIX}/staff`, body, staffInvited);

export const updateStaff = (
  id: string,
  body: { role?: StaffRole; status?: 'active' | 'disabled' },
): Promise<StaffView> => adminApi.send('PATCH', `${ADMIN_API_PREFIX}/staff/${id}`, body, staffView);

export const resendInvitation = (id: string): Promise<StaffInvitedView> =>
  adminApi.send('POST', `${ADMIN_API_PREFIX}/staff/${id}/invitation`, {}, staffInvited);
