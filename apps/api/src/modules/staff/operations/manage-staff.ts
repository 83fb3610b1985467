import type { StaffView } from '@bw/contracts';
import type { Db } from '@bw/db';
import type { StaffRole } from '@bw/domain';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, actorStaffId, writeAudit } from '../../../platform/audit.js';
import { deleteStaffSession, deleteStaffSessions, listStaff, lockStaff, updateStaff } from '../staff.repo.js';
import { toStaffView } from '../staff-session-store.js';

export const listStaffMembers = async (db: Db): Promise<StaffView[]> => (await listStaff(db)).map(toStaffView);

/**
 * Changes a staff member's role or blocks them (issue 21). Nobody changes their own role or
 * status; a block or a role change ends the person's sessions, so the new rights apply at once.
 */
export const updateStaffMember = (
  db: Db,
  actor: Actor,
  staffId: string,
  input: { role?: StaffRole; status?: 'active' | 'disabled' },
): Promise<StaffView> =>
  db.transaction(async (tx) => {
    if (actorStaffId(actor) === staffId) throw new AppError('STAFF_SELF_CHANGE');
    const staff = await lockStaff(tx, staffId);
    if (!staff) throw new AppError('STAFF_NOT_FOUND');
    if (input.status === 'active' && staff.status === 'invited') throw new AppError('CONFLICT');
    const updated = await updateStaff(tx, staffId, {
      ...(input.role ? { role: input.role } : {}),
      ...(input.status ? { status: input.status } : {}),
    });
    if (updated.role !== staff.role || updated.status !== staff.status) await deleteStaffSessions(tx, staffId);
    await writeAudit(tx, actor, {
      action: 'staff.update',
      targetType: 'staff',
      targetId: staffId,
      before: { role: staff.role, status: staff.status },
      after: { role: updated.role, status: updated.status },
    });
    return toStaffView(updated);
  });

export const staffLogout = (db: Db, actor: Actor, tokenHash: string): Promise<void> =>
  db.transaction(async (tx) => {
    await deleteStaffSession(tx, tokenHash);
    const staffId = actorStaffId(actor);
    if (staffId) await writeAudit(tx, actor, { action: 'staff.logout', targetType: 'staff', targetId: staffId });
  });
