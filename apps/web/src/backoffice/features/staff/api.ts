import * as ops from '@bw/api-client/operations';
import { type StaffInvitedView, type StaffView, staffInvited, staffView } from '@bw/contracts';
import type { StaffRole } from '@bw/domain';
import { adminApi } from '../../lib/admin-api';

export const inviteStaff = (body: { email: string; displayName: string; role: StaffRole }): Promise<StaffInvitedView> =>
  adminApi.send(ops.postAdminStaff, staffInvited, { body });

export const updateStaff = (
  id: string,
  body: { role?: StaffRole; status?: 'active' | 'disabled' },
): Promise<StaffView> => adminApi.send(ops.patchAdminStaffById, staffView, { path: { id }, body });

export const resendInvitation = (id: string): Promise<StaffInvitedView> =>
  adminApi.send(ops.postAdminStaffByIdInvitation, staffInvited, { path: { id } });
