import { generateKeyPairSync, type KeyObject, randomUUID, sign } from 'node:crypto';
import { type Db, queryRows, users } from '@bw/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { balanceOf, post } from '../../ledger/ledger.js';
import { testBirthDate } from '../../test/bulk-investors.js';
import { createLoggedInUser, type LoggedIn } from '../auth/auth.test-support.js';
import { recordShareMovement } from '../share-register/register-writer.js';

/**
 * Investors for the bulletin-board tests: verified, with a linked provider security app (a test
 * key), cash posted from the payment provider's clearing book and shares posted from the issuer's
 * share book, all through the ledger.
 */
export const SECONDARY_ASSET = 'wien-ottakring-zinshaus';

export type Trader = LoggedIn & {
  privateKey: KeyObject;
  /** How the security app calls: the provider app's device token, or the session for a private app. */
  appHeaders: Record<string, string>;
  recoverySecret: string;
};

export const fundCash = (db: Db, userId: string, amountCents: bigint) =>
  db.transaction((tx) =>
    post(tx, {
      key: `test-funding:${userId}:cash:${randomUUID()}`,
      kind: 'test-funding',
      legs: [
        { account: { kind: 'psp_clearing' }, amount: -amountCents },
        { account: { kind: 'user_cash', userId }, amount: amountCents },
      ],
    }),
  );

/** Shares from the issuer without a purchase (an operator's allocation): the ledger and the register's `issuance`. */
export const fundShares = (db: Db, userId: string, assetId: string, sharesCount: number) =>
  db.transaction(async (tx) => {
    await post(tx, {
      key: `test-funding:${userId}:shares:${randomUUID()}`,
      kind: 'test-funding',
      legs: [
        { account: { kind: 'issuer_shares', assetId }, amount: -BigInt(sharesCount) },
        { account: { kind: 'user_shares', userId, assetId }, amount: BigInt(sharesCount) },
      ],
    });
    await recordShareMovement(tx, {
      assetId,
      kind: 'issuance',
      fromUserId: null,
      toUserId: userId,
      shares: sharesCount,
      signingRequestIds: [],
      time: new Date(),
    });
  });

export const linkSecurityApp = async (app: FastifyInstance, user: LoggedIn) => {
  const pairing = await app.inject({ method: 'POST', url: '/api/v1/securityApp/pairing', headers: user.headers });
  if (pairing.statusCode !== 200) throw new Error(`pairing failed: ${pairing.body}`);
  const pair = generateKeyPairSync('ed25519');
  const linked = await app.inject({
    method: 'POST',
    url: '/api/v1/securityApp/link',
    payload: { pairingCode: pairing.json().data.pairingCode, publicKey: pair.publicKey.export({ format: 'jwk' }).x },
  });
  if (linked.statusCode !== 200) throw new Error(`link failed: ${linked.body}`);
  return {
    privateKey: pair.privateKey,
    appHeaders: { authorization: `SecurityApp ${linked.json().data.deviceToken}` },
    recoverySecret: linked.json().data.recoverySecret as string,
  };
};

/** A private security app (spec section 6): the user becomes privateUser and signs with the session. */
const registerPrivateApp = async (app: FastifyInstance, user: LoggedIn) => {
  const pair = generateKeyPairSync('ed25519');
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/securityApp/registerPrivate',
    headers: user.headers,
    payload: { publicKey: pair.publicKey.export({ format: 'jwk' }).x },
  });
  if (res.statusCode !== 200) throw new Error(`registerPrivate failed: ${res.body}`);
  return {
    privateKey: pair.privateKey,
    appHeaders: { ...user.headers } as Record<string, string>,
    recoverySecret: res.json().data.recoverySecret as string,
  };
};

/**
 * The address and birth date of the identification steps Address and Birthday, entered as the
 * investor does: the trade rules read residence and age from them (ADR 0040).
 */
export const enterPersonalData = async (app: FastifyInstance, user: LoggedIn): Promise<void> => {
  const steps: [string, Record<string, string>][] = [
    [
      '/api/v2/user/personalInformation/address',
      { street: 'Mariahilfer Straße 12', postcode: '1060', city: 'Wien', domicile: 'AT' },
    ],
    ['/api/v2/user/personalInformation/birthDate', { birthDate: testBirthDate(user.email) }],
  ];
  for (const [url, payload] of steps) {
    const res = await app.inject({ method: 'PUT', url, headers: user.headers, payload });
    if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.body}`);
  }
};

export const createTrader = async (
  app: FastifyInstance,
  options: {
    cashCents?: bigint;
    shares?: number;
    assetId?: string;
    status?: 'verified' | 'active' | 'new';
    securityApp?: 'provider' | 'private' | 'none';
    /** Without the address and birth date of the identification (default: entered). */
    personalData?: false;
  } = {},
): Promise<Trader> => {
  const user = await createLoggedInUser(app);
  if (options.personalData !== false) await enterPersonalData(app, user);
  await app.db
    .update(users)
    .set({ status: options.status ?? 'verified' })
    .where(eq(users.id, user.userId));
  const kind = options.securityApp ?? 'provider';
  const device =
    kind === 'provider'
      ? await linkSecurityApp(app, user)
      : kind === 'private'
        ? await registerPrivateApp(app, user)
        : { privateKey: generateKeyPairSync('ed25519').privateKey, appHeaders: {}, recoverySecret: '' };
  if (options.cashCents) await fundCash(app.db, user.userId, options.cashCents);
  if (options.shares) await fundShares(app.db, user.userId, options.assetId ?? SECONDARY_ASSET, options.shares);
  return { ...user, ...device };
};

type PendingRequest = { id: string; canonicalPayload: string; fields: Record<string, string> };

export const pendingSigningRequests = async (app: FastifyInstance, trader: Trader): Promise<PendingRequest[]> => {
  const res = await app.inject({
    url: '/api/v1/securityApp/signingRequests?status=pending',
    headers: trader.appHeaders,
  });
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.body}`);
  return res.json().data as PendingRequest[];
};

/** Answers one signing request in the trader's security app: signs it (default) or rejects it. */
export const answerSigningRequest = async (
  app: FastifyInstance,
  trader: Trader,
  requestId: string,
  answer: 'sign' | 'reject' = 'sign',
) => {
  const [request] = (await pendingSigningRequests(app, trader)).filter((r) => r.id === requestId);
  if (!request) throw new Error(`no pending request ${requestId}`);
  const headers = trader.appHeaders;
  return answer === 'sign'
    ? app.inject({
        method: 'POST',
        url: `/api/v1/securityApp/signingRequests/${requestId}/signature`,
        headers,
        payload: {
          signature: sign(null, Buffer.from(request.canonicalPayload, 'utf8'), trader.privateKey).toString('base64url'),
        },
      })
    : app.inject({ method: 'POST', url: `/api/v1/securityApp/signingRequests/${requestId}/reject`, headers });
};

/** Signs every pending request of the trader. */
export const signAll = async (app: FastifyInstance, trader: Trader): Promise<void> => {
  for (const request of await pendingSigningRequests(app, trader)) {
    const res = await answerSigningRequest(app, trader, request.id);
    if (res.statusCode !== 200) throw new Error(`signing failed: ${res.body}`);
  }
};

export const averagePriceCents = async (app: FastifyInstance, assetId = SECONDARY_ASSET): Promise<bigint> => {
  const res = await app.inject({ url: `/api/v1/assets/transactionMetadata/${assetId}` });
  const average = res.json().data.averagePrice30DaysCents as string | null;
  if (!average) throw new Error(`no 30-day average for ${assetId}`);
  return BigInt(average);
};

export const balances = async (app: FastifyInstance, userId: string, assetId = SECONDARY_ASSET) => ({
  cash: await balanceOf(app.db, { kind: 'user_cash', userId }),
  cashHeld: await balanceOf(app.db, { kind: 'user_cash_held', userId }),
  shares: await balanceOf(app.db, { kind: 'user_shares', userId, assetId }),
  sharesHeld: await balanceOf(app.db, { kind: 'user_shares_held', userId, assetId }),
});

export const createOfferCall = (
  app: FastifyInstance,
  trader: Trader,
  body: Record<string, unknown>,
  idempotencyKey?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/bulletinboard/offer',
    headers: { ...trader.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    // Trading tests are about trading: the buyer has continued past the appropriateness warning
    // unless a test says otherwise (the confirmations have their own tests).
    payload: {
      assetId: SECONDARY_ASSET,
      ...(body.type === 'buy' ? { acknowledgedAppropriateness: true } : {}),
      ...body,
    },
  });

export const takeOfferCall = (
  app: FastifyInstance,
  trader: Trader,
  body: { offerId: string; shares?: number; acceptedWarnings?: string[]; acknowledgedAppropriateness?: boolean },
  idempotencyKey?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/bulletinboard/offer/interestedParty',
    headers: { ...trader.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: { acknowledgedAppropriateness: true, ...body },
  });

/** Creates an offer and signs it, so it is open. */
export const openOffer = async (app: FastifyInstance, trader: Trader, body: Record<string, unknown>) => {
  const res = await createOfferCall(app, trader, body);
  if (res.statusCode !== 200) throw new Error(`create offer failed: ${res.body}`);
  const offer = res.json().data as { offerId: string; signingRequest: { signingRequestId: string } };
  const signed = await answerSigningRequest(app, trader, offer.signingRequest.signingRequestId);
  if (signed.statusCode !== 200) throw new Error(`offer signing failed: ${signed.body}`);
  return offer.offerId;
};

type InvariantRow = Record<string, unknown>;

/**
 * The books after any workload (issue 10): per asset the shares on all user books equal what the
 * issuer book gave out and none is negative; EUR sums to zero; every pending bulletin-board hold
 * belongs to a live offer or a pending trade and every other one resolved exactly once; each
 * offer's shares add up; the platform's fees are the fees of the completed trades.
 */
export const checkBulletinBoardInvariants = async (db: Db, assetId: string): Promise<string[]> => {
  const problems: string[] = [];
  const rows = (query: ReturnType<typeof sql>) => queryRows<InvariantRow>(db, query);
  const [shares] = await rows(sql`
    SELECT
      COALESCE(sum(balance) FILTER (WHERE kind IN ('user_shares', 'user_shares_held')), 0)::text AS users,
      COALESCE(sum(balance) FILTER (WHERE kind = 'issuer_shares'), 0)::text AS issuer,
      count(*) FILTER (WHERE balance < 0 AND kind <> 'issuer_shares')::int AS negative
    FROM ledger_account_balances WHERE unit = ${assetId}`);
  if (BigInt(String(shares?.users)) !== -BigInt(String(shares?.issuer)))
    problems.push(`shares: users ${shares?.users} vs issuer ${shares?.issuer}`);
  if (Number(shares?.negative) !== 0) problems.push('a share book is negative');
  const [cash] = await rows(sql`
    SELECT COALESCE(sum(balance), 0)::text AS total,
      count(*) FILTER (WHERE balance < 0 AND NOT may_go_negative)::int AS negative
    FROM ledger_account_balances WHERE unit = 'EUR'`);
  if (BigInt(String(cash?.total)) !== 0n) problems.push(`EUR does not sum to zero: ${cash?.total}`);
  if (Number(cash?.negative) !== 0) problems.push('a cash book is negative');
  const [books] = await rows(sql`
    SELECT count(*)::int AS n FROM ledger_account_balances a
    WHERE a.balance <> COALESCE((SELECT sum(e.amount) FROM ledger_entries e WHERE e.account_id = a.id), 0)`);
  if (Number(books?.n) !== 0) problems.push(`${books?.n} balances differ from their entries`);
  const strayHolds = await rows(sql`
    WITH ours AS (
      SELECT hold_id AS id, (status IN ('new', 'open', 'accepted') AND reserved_amount > 0) AS live FROM bulletin_offers
      WHERE hold_id IS NOT NULL
      UNION ALL SELECT first_party_hold_id, status = 'pending' FROM bulletin_trades WHERE first_party_hold_id IS NOT NULL
      UNION ALL SELECT second_party_hold_id, status = 'pending' FROM bulletin_trades WHERE second_party_hold_id IS NOT NULL
    )
    SELECT ours.id::text, ours.live, h.status FROM ours JOIN ledger_holds h ON h.id = ours.id
    WHERE ours.live <> (h.status = 'pending')`);
  if (strayHolds.length > 0) problems.push(`holds out of step: ${JSON.stringify(strayHolds)}`);
  const [orphans] = await rows(sql`
    SELECT count(*)::int AS n FROM ledger_holds h JOIN ledger_postings p ON p.id = h.hold_posting_id
    WHERE h.status = 'pending' AND p.idempotency_key LIKE 'bulletin-%'
      AND h.id NOT IN (SELECT hold_id FROM bulletin_offers WHERE hold_id IS NOT NULL
        UNION SELECT first_party_hold_id FROM bulletin_trades WHERE first_party_hold_id IS NOT NULL
        UNION SELECT second_party_hold_id FROM bulletin_trades WHERE second_party_hold_id IS NOT NULL)`);
  if (Number(orphans?.n) !== 0) problems.push(`${orphans?.n} pending holds belong to nothing`);
  const [resolvedTwice] = await rows(sql`
    SELECT count(*)::int AS n FROM ledger_postings
    WHERE idempotency_key LIKE 'hold:%' GROUP BY split_part(idempotency_key, ':', 2) HAVING count(*) > 1 LIMIT 1`);
  if (resolvedTwice) problems.push('a hold resolved twice');
  const badOffers = await rows(sql`
    SELECT o.id::text FROM bulletin_offers o
    WHERE o.status <> 'deleted' AND o.shares_remaining + o.shares_settled + COALESCE((
      SELECT sum(t.shares_count) FROM bulletin_trades t WHERE t.offer_id = o.id AND t.status = 'pending'), 0) <> o.shares_offered`);
  if (badOffers.length > 0) problems.push(`offers whose shares do not add up: ${JSON.stringify(badOffers)}`);
  const [fees] = await rows(sql`
    SELECT COALESCE(sum(buyer_fee_cents + seller_fee_cents), 0)::text AS trades FROM bulletin_trades WHERE status = 'completed'`);
  const platform = await balanceOf(db, { kind: 'platform_fees' });
  if (platform < BigInt(String(fees?.trades))) problems.push(`platform fees ${platform} < trade fees ${fees?.trades}`);
  return problems;
};
