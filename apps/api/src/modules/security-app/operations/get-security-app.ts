import type { SecurityAppView } from '@bw/contracts';
import type { Db } from '@bw/db';
import { findLatestApp, type SecurityAppRow } from '../security-app.repo.js';

export const toSecurityAppView = (row: SecurityAppRow | null): SecurityAppView => {
  if (!row) return { status: 'disconnected', kind: null, timestamp: null, publicKey: null, pairingExpiresAt: null };
  const timestamp = row.disconnectedAt ?? row.linkedAt ?? row.createdAt;
  return {
    status: row.status,
    kind: row.kind,
    timestamp: timestamp.toISOString(),
    publicKey: row.status === 'active' ? row.publicKey : null,
    pairingExpiresAt: row.status === 'new' ? (row.pairingExpiresAt?.toISOString() ?? null) : null,
  };
};

/** Spec section 3: the user's securityApp (status, timestamp); `disconnected` when none was ever linked. */
export const getSecurityApp = async (db: Db, userId: string): Promise<SecurityAppView> =>
  toSecurityAppView(await findLatestApp(db, userId));
