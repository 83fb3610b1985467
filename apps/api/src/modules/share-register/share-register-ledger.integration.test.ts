import { randomUUID } from 'node:crypto';
import { queryRows } from '@bw/db';
import {
  canonicalJson,
  GENESIS_PREV,
  type RegisterEntry,
  registerEntryHashHex,
  verifyRegisterLog,
  verifyRegisterProof,
} from '@bw/register';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../ledger/ledger.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { usesPostgres } from '../../test/test-database.js';
import {
  answerSigningRequest,
  averagePriceCents,
  fundShares,
  openOffer,
  pendingSigningRequests,
  takeOfferCall,
} from '../bulletin-board/bulletin-board.test-support.js';
import {
  answerInApp,
  createInvestor,
  createPrimaryAsset,
  type Investor,
} from '../primary-market/primary-market.test-support.js';
import { registerLedgerDisagreements } from './register-admin.js';
import { buildHolderProof, platformKeyOf, publishRegisterRoots, registerSignerFromSeed } from './register-roots.js';
import { recordShareMovement } from './register-writer.js';

/**
 * Issue 39: the share register is written in the transaction of each ledger share posting, so the
 * two agree per holder and asset after concurrent purchases from the issuer and concurrent
 * bulletin-board trades (concurrency needs PostgreSQL; on PGlite the same runs one at a time).
 */
const INVESTORS = 10;
const SHARES_EACH = 3;

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ env: { DATABASE_POOL_SIZE: '20', LOG_LEVEL: 'error', LOG_FORMAT: 'json' } });
  app = t.app;
});
afterAll(() => t?.close());

/** Shares per holder of an asset by the ledger's share books (the register is compared by registerLedgerDisagreements). */
const ledgerSharesOf = (assetId: string) =>
  queryRows<{ user_id: string; shares: string }>(
    app.db,
    sql`SELECT user_id::text, sum(balance)::text AS shares FROM ledger_accounts
      WHERE asset_id = ${assetId} AND kind IN ('user_shares', 'user_shares_held') GROUP BY user_id HAVING sum(balance) <> 0
      ORDER BY user_id`,
  );

const buy = async (investor: Investor, assetId: string, shares: number) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/assets/initInvestment/${assetId}`,
    headers: investor.headers,
    payload: { shares, acknowledgedAppropriateness: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.signingRequestId as string;
};

describe(`the share register and the ledger agree (${usesPostgres() ? 'PostgreSQL, concurrent' : 'PGlite'})`, () => {
  it('after concurrent purchases and concurrent bulletin-board trades, and the log and a holder’s proof verify', async () => {
    const total = INVESTORS * SHARES_EACH;
    const assetId = await createPrimaryAsset(app.db, { availableShares: total, totalShares: total });
    const investors: Investor[] = [];
    for (let i = 0; i < INVESTORS; i += 1) investors.push(await createInvestor(app, { cashCents: 10_000_000n }));

    // Everyone buys at once and signs at once: the asset sells out.
    const requests = await Promise.all(investors.map((investor) => buy(investor, assetId, SHARES_EACH)));
    const signed = await Promise.all(investors.map((investor, i) => answerInApp(app, investor, requests[i] ?? '')));
    expect(signed.map((res) => res.statusCode)).toEqual(signed.map(() => 200));
    expect(await registerLedgerDisagreements(app.db, assetId)).toEqual([]);
    expect(await ledgerSharesOf(assetId)).toHaveLength(INVESTORS);

    // Half sell their shares to the other half, all at the same time.
    const price = await averagePriceCents(app, assetId);
    const sellers = investors.slice(0, INVESTORS / 2);
    const buyers = investors.slice(INVESTORS / 2);
    const offers = await Promise.all(
      sellers.map((seller) =>
        openOffer(app, seller, { assetId, type: 'sell', sharesAmount: 2, price: price.toString() }),
      ),
    );
    const takes = await Promise.all(
      buyers.map((buyer, i) => takeOfferCall(app, buyer, { offerId: offers[i] ?? '', shares: 2 })),
    );
    expect(takes.map((res) => res.statusCode)).toEqual(takes.map(() => 200));
    await Promise.all(
      buyers.map(async (buyer) => {
        for (const request of await pendingSigningRequests(app, buyer)) {
          const res = await answerSigningRequest(app, buyer, request.id);
          expect(res.statusCode, res.body).toBe(200);
        }
      }),
    );
    expect(await registerLedgerDisagreements(app.db, assetId)).toEqual([]);
    expect((await ledgerSharesOf(assetId)).map((row) => Number(row.shares)).sort()).toEqual([
      ...sellers.map(() => 1),
      ...buyers.map(() => 5),
    ]);

    // The whole log rebuilds, with each purchase and trade carrying the investors' signatures.
    const signer = registerSignerFromSeed(app.config.REGISTER_SIGNING_KEY);
    const [root] = await publishRegisterRoots(app.db, signer, new Date());
    expect(root?.treeSize).toBe(INVESTORS + sellers.length);
    const rows = await queryRows<{ entry: string }>(
      app.db,
      sql`SELECT entry FROM register_entries WHERE asset_id = ${assetId} ORDER BY seq`,
    );
    const entries = rows.map((row) => JSON.parse(row.entry));
    expect(entries.filter((entry) => entry.kind === 'trade').every((entry) => entry.authorisations.length === 2)).toBe(
      true,
    );
    const log = verifyRegisterLog(
      {
        format: 'brickwise.register.log',
        version: 1,
        assetId,
        createdAt: new Date().toISOString(),
        platformKey: platformKeyOf(signer),
        roots: [root],
        entries,
      },
      { platformPublicKey: platformKeyOf(signer).publicKey },
    );
    expect(log.failures).toEqual([]);
    expect(Object.values(log.summary?.holdings ?? {}).reduce((sum, shares) => sum + Number(shares), 0)).toBe(total);

    const seller = sellers[0] as Investor;
    const proof = await buildHolderProof(app.db, signer, { userId: seller.userId, assetId, now: new Date() });
    const report = verifyRegisterProof(JSON.parse(JSON.stringify(proof)), {
      platformPublicKey: platformKeyOf(signer).publicKey,
    });
    expect(report.failures).toEqual([]);
    expect(report.summary?.shares).toBe('1');
    expect(proof.entries.map((item) => item.entry.kind)).toEqual(['purchase', 'trade']);
  }, 180_000);

  it('opens an asset’s log with the earlier holders’ issuances; each stored entry is the canonical JSON the database hashed', async () => {
    const assetId = await createPrimaryAsset(app.db, { availableShares: 100, totalShares: 100 });
    const [first, second] = [await createInvestor(app), await createInvestor(app)] as [Investor, Investor];
    // Shares booked before the asset's log began: the ledger only.
    for (const [holder, shares] of [
      [first, 3n],
      [second, 4n],
    ] as const)
      await app.db.transaction((tx) =>
        post(tx, {
          key: `test-before-register:${randomUUID()}`,
          kind: 'test-funding',
          legs: [
            { account: { kind: 'issuer_shares', assetId }, amount: -shares },
            { account: { kind: 'user_shares', userId: holder.userId, assetId }, amount: shares },
          ],
        }),
      );
    // The first entry opens the log (at once); the next ones are appended while their transaction commits.
    await fundShares(app.db, first.userId, assetId, 2);
    await fundShares(app.db, second.userId, assetId, 1);
    await fundShares(app.db, first.userId, assetId, 1);
    expect(await registerLedgerDisagreements(app.db, assetId)).toEqual([]);
    expect(await queryRows(app.db, sql`SELECT 1 FROM register_appends`)).toEqual([]);
    const rows = await queryRows<{
      seq: number;
      entry: string;
      leaf_hash: string;
      head_seq: number;
      head_hash: string;
    }>(
      app.db,
      sql`SELECT e.seq, e.entry, e.leaf_hash, h.seq AS head_seq, h.hash AS head_hash
        FROM register_entries e JOIN register_heads h USING (asset_id) WHERE e.asset_id = ${assetId} ORDER BY e.seq`,
    );
    const entries = rows.map((row) => JSON.parse(row.entry) as RegisterEntry);
    expect(entries.map((entry) => [entry.seq, entry.kind, entry.shares])).toEqual([
      [0, 'issuance', first.userId < second.userId ? '3' : '4'],
      [1, 'issuance', first.userId < second.userId ? '4' : '3'],
      [2, 'issuance', '2'],
      [3, 'issuance', '1'],
      [4, 'issuance', '1'],
    ]);
    const firstOpening = entries.findIndex((entry) => entry.shares === '3');
    expect(entries.map((entry) => entry.toPrevious)).toEqual([null, null, firstOpening, 1 - firstOpening, 2]);
    expect(entries[4]?.to).toBe(entries[firstOpening]?.to);
    rows.forEach((row, i) => {
      const entry = entries[i] as RegisterEntry;
      expect(row.entry).toBe(canonicalJson(entry));
      expect(row.leaf_hash).toBe(registerEntryHashHex(entry));
      expect(entry.prev).toBe(i === 0 ? GENESIS_PREV : rows[i - 1]?.leaf_hash);
      expect([row.head_seq, row.head_hash]).toEqual([4, rows[4]?.leaf_hash]);
    });

    // A movement the register refuses at the commit (a giver without a position) rolls the whole
    // transaction back, its ledger posting with it.
    const outsider = await createInvestor(app);
    const refused = await app.db
      .transaction(async (tx) => {
        await post(tx, {
          key: `test-refused:${randomUUID()}`,
          kind: 'test-funding',
          legs: [
            { account: { kind: 'issuer_shares', assetId }, amount: -1n },
            { account: { kind: 'user_shares', userId: first.userId, assetId }, amount: 1n },
          ],
        });
        await recordShareMovement(tx, {
          assetId,
          kind: 'correction',
          fromUserId: outsider.userId,
          toUserId: first.userId,
          shares: 1,
          signingRequestIds: [],
          time: new Date(),
        });
      })
      .then(
        () => 'committed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(refused).toContain(`register: ${outsider.userId} holds no shares of ${assetId} to give`);
    const [after] = await queryRows<{ entries: number; appends: number }>(
      app.db,
      sql`SELECT (SELECT count(*)::int FROM register_entries WHERE asset_id = ${assetId}) AS entries,
        (SELECT count(*)::int FROM register_appends) AS appends`,
    );
    expect(after).toEqual({ entries: 5, appends: 0 });
    expect(await registerLedgerDisagreements(app.db, assetId)).toEqual([]);
  });

  it('the agreement check sees a holder whose register position differs from the share books', async () => {
    const [position] = await queryRows<{ asset_id: string; pseudonym: string; user_id: string }>(
      app.db,
      sql`SELECT asset_id, pseudonym, user_id::text FROM register_positions WHERE shares > 0 LIMIT 1`,
    );
    if (!position) throw new Error('no register position');
    const rolledBack = new Error('rolled back');
    await expect(
      app.db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE register_positions SET shares = shares + 1 WHERE asset_id = ${position.asset_id} AND pseudonym = ${position.pseudonym}`,
        );
        const found = await registerLedgerDisagreements(tx, position.asset_id);
        expect(found).toHaveLength(1);
        expect(found[0]).toMatchObject({ assetId: position.asset_id, userId: position.user_id });
        expect(BigInt(found[0]?.registerShares ?? 0) - BigInt(found[0]?.ledgerShares ?? 0)).toBe(1n);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await registerLedgerDisagreements(app.db, position.asset_id)).toEqual([]);
  });

  it('refuses to change or delete an entry or a published root', async () => {
    const [entry] = await queryRows<{ asset_id: string; seq: number }>(
      app.db,
      sql`SELECT asset_id, seq FROM register_entries LIMIT 1`,
    );
    expect(entry).toBeDefined();
    const refusal = (query: ReturnType<typeof sql>) =>
      queryRows(app.db, query).then(
        () => 'written',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(sql`UPDATE register_entries SET kind = 'trade' WHERE asset_id = ${entry?.asset_id}`)).toBe(
      'register_entries is append-only: UPDATE refused',
    );
    expect(await refusal(sql`DELETE FROM register_entries WHERE asset_id = ${entry?.asset_id}`)).toBe(
      'register_entries is append-only: DELETE refused',
    );
    expect(await refusal(sql`DELETE FROM register_roots`)).toBe('register_roots is append-only: DELETE refused');
    expect(await refusal(sql`TRUNCATE register_entries`)).toBe('register_entries is append-only: TRUNCATE refused');
  });
});
