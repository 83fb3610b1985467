import type { RegisterAssetView, RegisterHolderView } from '@bw/contracts';
import { type Db, queryRows } from '@bw/db';
import { csvRow } from '@bw/domain';
import { buildRegisterLog, type RegisterEntry } from '@bw/register';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.js';
import { listRegisterRoots, type RegisterSigner } from './register-roots.js';

/**
 * The back office's register view of an asset (issue 39): each holder as the register counts them
 * beside the ledger's share books (free and held), so operators see at once that both agree; and
 * the issuer's shareholder register as CSV.
 */
export const registerOfAsset = async (db: Db, assetId: string): Promise<RegisterAssetView> => {
  const [asset] = await queryRows<{ title: string; entries: number }>(
    db,
    sql`SELECT a.title, coalesce(h.seq + 1, 0)::int AS entries
      FROM assets a LEFT JOIN register_heads h ON h.asset_id = a.id WHERE a.id = ${assetId}`,
  );
  if (!asset) throw new AppError('ASSET_NOT_FOUND');
  const rows = await queryRows<{
    user_id: string;
    pseudonym: string | null;
    last_seq: number | null;
    register_shares: string;
    ledger_shares: string;
    email: string;
    first_name: string | null;
    last_name: string | null;
  }>(
    db,
    sql`WITH books AS (
        SELECT user_id, sum(balance) AS shares FROM ledger_accounts
        WHERE asset_id = ${assetId} AND kind IN ('user_shares', 'user_shares_held') GROUP BY user_id
      ), positions AS (
        SELECT user_id, pseudonym, last_seq, shares FROM register_positions WHERE asset_id = ${assetId}
      )
      SELECT coalesce(p.user_id, b.user_id)::text AS user_id, p.pseudonym, p.last_seq,
        coalesce(p.shares, 0)::text AS register_shares, coalesce(b.shares, 0)::text AS ledger_shares,
        u.email, u.first_name, u.last_name
      FROM positions p FULL JOIN books b ON b.user_id = p.user_id
      JOIN users u ON u.id = coalesce(p.user_id, b.user_id)
      WHERE coalesce(p.shares, 0) <> 0 OR coalesce(b.shares, 0) <> 0
      ORDER BY coalesce(p.shares, b.shares, 0) DESC, u.email`,
  );
  const holders: RegisterHolderView[] = rows.map((row) => ({
    pseudonym: row.pseudonym ?? '',
    userId: row.user_id,
    email: row.email,
    name: [row.first_name, row.last_name].filter(Boolean).join(' '),
    registerShares: Number(row.register_shares),
    ledgerShares: Number(row.ledger_shares),
    lastSeq: row.last_seq,
  }));
  return {
    assetId,
    assetTitle: asset.title,
    entries: asset.entries,
    latestRoot: (await listRegisterRoots(db, assetId)).at(-1) ?? null,
    agrees: holders.every((holder) => holder.registerShares === holder.ledgerShares),
    holders,
  };
};

/**
 * Every holder and asset where the register's position differs from the ledger's share books
 * (free and held), over all assets: none when the two agree (issue 39; `npm run test:faults`
 * checks it after its outages, issue 41).
 */
export const registerLedgerDifferences = async (db: Db): Promise<string[]> => {
  const rows = await queryRows<{ asset_id: string; user_id: string; register_shares: string; ledger_shares: string }>(
    db,
    sql`WITH books AS (
        SELECT asset_id, user_id, sum(balance) AS shares FROM ledger_accounts
        WHERE kind IN ('user_shares', 'user_shares_held') GROUP BY asset_id, user_id
      )
      SELECT coalesce(p.asset_id, b.asset_id) AS asset_id, coalesce(p.user_id, b.user_id)::text AS user_id,
        coalesce(p.shares, 0)::text AS register_shares, coalesce(b.shares, 0)::text AS ledger_shares
      FROM register_positions p FULL JOIN books b ON b.asset_id = p.asset_id AND b.user_id = p.user_id
      WHERE coalesce(p.shares, 0) <> coalesce(b.shares, 0)
      ORDER BY 1, 2`,
  );
  return rows.map(
    (row) =>
      `asset ${row.asset_id} holder ${row.user_id}: register ${row.register_shares}, ledger ${row.ledger_shares}`,
  );
};

const HEADER = ['asset_id', 'pseudonym', 'user_id', 'name', 'email', 'register_shares', 'ledger_shares', 'last_seq'];

/** The issuer's shareholder register: one row per holder, RFC 4180, formula-safe. */
export const registerCsv = async (db: Db, assetId: string): Promise<string> => {
  const view = await registerOfAsset(db, assetId);
  return [
    csvRow(HEADER),
    ...view.holders.map((holder) =>
      csvRow([
        assetId,
        holder.pseudonym,
        holder.userId,
        holder.name,
        holder.email,
        String(holder.registerShares),
        String(holder.ledgerShares),
        holder.lastSeq === null ? null : String(holder.lastSeq),
      ]),
    ),
  ].join('');
};

/** The asset's whole log (format brickwise.register.log v1) for the issuer and auditors to recompute. */
export const registerLogOf = async (db: Db, signer: RegisterSigner, assetId: string, now: Date) => {
  const rows = await queryRows<{ entry: string }>(
    db,
    sql`SELECT entry FROM register_entries WHERE asset_id = ${assetId} ORDER BY seq`,
  );
  return buildRegisterLog({
    assetId,
    createdAt: now.toISOString(),
    platformPublicKey: signer.publicKey,
    roots: await listRegisterRoots(db, assetId),
    entries: rows.map((row) => JSON.parse(row.entry) as RegisterEntry),
  });
};
