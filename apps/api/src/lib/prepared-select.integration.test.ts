import { assets, preparedSelect, primaryPurchases } from '@bw/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The asset with a left-joined purchase (none in the fixtures: the joined side is null). */
const assetWithPurchase = preparedSelect((db) =>
  db
    .select({ asset: assets, purchase: primaryPurchases, price: assets.pricePerShareCents })
    .from(assets)
    .leftJoin(primaryPurchases, eq(primaryPurchases.assetId, assets.id))
    .where(eq(assets.id, sql.placeholder('id')))
    .for('update', { of: assets }),
);

describe('preparedSelect (issue 27)', () => {
  it('maps rows like the query builder, on the root handle and inside transactions, built once', async () => {
    const [direct] = await database.db
      .select({ asset: assets, purchase: primaryPurchases, price: assets.pricePerShareCents })
      .from(assets)
      .leftJoin(primaryPurchases, eq(primaryPurchases.assetId, assets.id))
      .where(eq(assets.id, 'pv-landshut-agri'));
    expect(direct?.purchase).toBeNull();
    expect(typeof direct?.price).toBe('bigint');

    const outside = await assetWithPurchase(database.db, { id: 'pv-landshut-agri' });
    expect(outside).toEqual([direct]);
    expect(outside[0]?.asset.createdAt).toBeInstanceOf(Date);

    const inside = await database.db.transaction(async (tx) => {
      await tx.update(assets).set({ title: 'Im Transaktionslauf' }).where(eq(assets.id, 'pv-landshut-agri'));
      // The transaction's own uncommitted write is seen: the query ran on the transaction's connection.
      return assetWithPurchase(tx, { id: 'pv-landshut-agri' });
    });
    expect(inside[0]?.asset.title).toBe('Im Transaktionslauf');
    expect(await assetWithPurchase(database.db, { id: 'no-such-asset' })).toEqual([]);
  });

  it('runs on the transaction, so a rollback takes its reads’ locks and writes along', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(assets).set({ title: 'Nie gespeichert' }).where(eq(assets.id, 'pv-landshut-agri'));
        const [row] = await assetWithPurchase(tx, { id: 'pv-landshut-agri' });
        expect(row?.asset.title).toBe('Nie gespeichert');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const [after] = await assetWithPurchase(database.db, { id: 'pv-landshut-agri' });
    expect(after?.asset.title).toBe('Im Transaktionslauf');
  });
});
