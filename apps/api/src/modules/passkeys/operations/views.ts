import type { PasskeyView } from '@bw/contracts';
import type { PasskeyRow } from '../passkeys.repo.js';

export const toPasskeyView = (row: PasskeyRow): PasskeyView => ({
  id: row.id,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});
