import { auditLog, type Db } from '@bw/db';
import type { StaffRole } from '@bw/domain';

/** Who changed something: a staff member (with where from), or the system itself (the demo seed). */
export type StaffActor = {
  kind: 'staff';
  staffId: string;
  email: string;
  role: StaffRole;
  ipAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
};
export type SystemActor = { kind: 'system'; name: string };
export type Actor = StaffActor | SystemActor;

/** Where a request came from, for the audit row of an action that opens a session. */
export type RequestOrigin = { ipAddress: string | null; userAgent: string | null; requestId: string | null };

export const staffActorOf = (
  staff: { id: string; email: string; role: StaffRole },
  origin: RequestOrigin = { ipAddress: null, userAgent: null, requestId: null },
): StaffActor => ({ kind: 'staff', staffId: staff.id, email: staff.email, role: staff.role, ...origin });

export const systemActor = (name: string): SystemActor => ({ kind: 'system', name });

/** The staff id of an actor, or null for the system (columns like `recorded_by`). */
export const actorStaffId = (actor: Actor): string | null => (actor.kind === 'staff' ? actor.staffId : null);

const MAX_USER_AGENT_LENGTH = 400;

/** JSON of a before/after state: bigint as a string, dates as ISO, bytes as their length only. */
export const auditJson = (value: unknown): unknown =>
  value === undefined
    ? null
    : JSON.parse(
        JSON.stringify(value, (_key, item: unknown) => {
          if (typeof item === 'bigint') return item.toString();
          if (item instanceof Uint8Array) return `<${item.byteLength} Bytes>`;
          return item;
        }),
      );

export type AuditEntryInput = {
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
};

/**
 * One row of the append-only audit log (ADR 0019), written in the caller's transaction: the row
 * commits with the change it describes or not at all. Every operation a staff member can trigger
 * calls this once.
 */
export const writeAudit = async (tx: Db, actor: Actor, entry: AuditEntryInput): Promise<void> => {
  await tx.insert(auditLog).values({
    actorKind: actor.kind,
    staffId: actor.kind === 'staff' ? actor.staffId : null,
    staffEmail: actor.kind === 'staff' ? actor.email : `system:${actor.name}`,
    staffRole: actor.kind === 'staff' ? actor.role : null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: auditJson(entry.before),
    after: auditJson(entry.after),
    ipAddress: actor.kind === 'staff' ? actor.ipAddress : null,
    userAgent: actor.kind === 'staff' ? (actor.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null) : null,
    requestId: actor.kind === 'staff' ? actor.requestId : null,
  });
};
