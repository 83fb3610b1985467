import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@bw/contracts';
import { type Db, partners, personalInformation, securityApps, sessions, transactions, users } from '@bw/db';
import { post } from '../ledger/ledger.js';
import { sha256 } from '../modules/auth/secrets.js';

/**
 * Many verified investors at once for race tests and `npm run bench:buy`: rows written directly
 * (users, their address and birth date, a session, a linked security app with a real Ed25519 key, a pay-in through the ledger),
 * because registering a thousand users through argon2 would measure the password hash, not trading.
 */
export type BulkInvestor = {
  userId: string;
  email: string;
  headers: { cookie: string; [CSRF_HEADER]: string };
  privateKey: KeyObject;
};

const CHUNK = 500;
const DAY_MS = 86_400_000;

/**
 * A birth date of its own for each test investor, between 1950 and 2000: test users share their
 * names, and name plus birth date is what tells two people apart (the referral programme's check).
 */
export const testBirthDate = (email: string): string => {
  const days = Number.parseInt(sha256(email).slice(0, 8), 16) % (50 * 365);
  return new Date(Date.UTC(1950, 0, 1) + days * DAY_MS).toISOString().slice(0, 10);
};
const token = () => randomBytes(24).toString('base64url');

/**
 * At most this many distinct Ed25519 key pairs; investor i uses pair i mod KEY_POOL. Generating
 * one per investor is not possible on Node 20: ~100,000 `generateKeyPairSync` in a row deadlock
 * the process (a garbage collection inside `export({ format: 'jwk' })` finalises a key generation
 * job that waits for the mutex the export holds; seen with `bench:plans --plans 100000`), and
 * building keys from seeds goes through OpenSSL's decoders at ~4 ms a key. Test investors sharing
 * an app key is harmless: each signature is still checked against the investor's own app row.
 */
const KEY_POOL = 256;
const keyPool: { privateKey: KeyObject; publicKey: string }[] = [];
const keyPair = (index: number): { privateKey: KeyObject; publicKey: string } => {
  const slot = index % KEY_POOL;
  let pair = keyPool[slot];
  if (!pair) {
    const generated = generateKeyPairSync('ed25519');
    pair = { privateKey: generated.privateKey, publicKey: generated.publicKey.export({ format: 'jwk' }).x ?? '' };
    keyPool[slot] = pair;
  }
  return pair;
};

export const createBulkInvestors = async (
  db: Db,
  count: number,
  options: { cashCents: bigint; label?: string },
): Promise<BulkInvestor[]> => {
  const [partner] = await db.select({ partnerId: partners.partnerId }).from(partners).limit(1);
  if (!partner) throw new Error('no partner seeded');
  const label = options.label ?? token().slice(0, 6).toLowerCase();
  const investors: (BulkInvestor & { sessionToken: string; publicKey: string })[] = [];
  for (let i = 0; i < count; i += 1) {
    const pair = keyPair(i);
    const sessionToken = token();
    const csrfToken = token();
    investors.push({
      userId: '',
      email: `bulk-${label}-${i}@example.at`,
      sessionToken,
      headers: { cookie: `${SESSION_COOKIE}=${sessionToken}; ${CSRF_COOKIE}=${csrfToken}`, [CSRF_HEADER]: csrfToken },
      privateKey: pair.privateKey,
      publicKey: pair.publicKey,
    });
  }
  const expiresAt = new Date(Date.now() + 24 * 3600_000);
  for (let start = 0; start < investors.length; start += CHUNK) {
    const chunk = investors.slice(start, start + CHUNK);
    await db.transaction(async (tx) => {
      const created = await tx
        .insert(users)
        .values(
          chunk.map((investor) => ({
            email: investor.email,
            partnerId: partner.partnerId,
            status: 'verified' as const,
            firstName: 'Bulk',
            lastName: 'Investor',
            emailVerifiedAt: new Date(),
          })),
        )
        .returning({ id: users.id, email: users.email });
      const idOf = new Map(created.map((row) => [row.email, row.id]));
      for (const investor of chunk) investor.userId = idOf.get(investor.email) ?? '';
      await tx.insert(sessions).values(
        chunk.map((investor) => ({
          tokenHash: sha256(investor.sessionToken),
          userId: investor.userId,
          csrfToken: investor.headers[CSRF_HEADER],
          expiresAt,
        })),
      );
      // The address and birth date the trade rules read (ADR 0040), as the identification records them.
      await tx.insert(personalInformation).values(
        chunk.map((investor) => ({
          userId: investor.userId,
          street: 'Mariahilfer Straße',
          houseNumber: '12',
          postcode: '1060',
          city: 'Wien',
          domicile: 'AT',
          birthDate: testBirthDate(investor.email),
        })),
      );
      await tx.insert(securityApps).values(
        chunk.map((investor) => ({
          userId: investor.userId,
          kind: 'provider' as const,
          status: 'active' as const,
          publicKey: investor.publicKey,
          deviceTokenHash: sha256(token()),
          recoveryHash: sha256(token()),
          linkedAt: new Date(),
        })),
      );
      const charges = await tx
        .insert(transactions)
        .values(
          chunk.map((investor) => ({
            userId: investor.userId,
            type: 'charge' as const,
            status: 'success' as const,
            method: 'transfer' as const,
            amountCents: options.cashCents,
          })),
        )
        .returning({ id: transactions.id });
      await post(tx, {
        key: `bulk-pay-in:${charges[0]?.id}`,
        kind: 'pay-in',
        legs: [
          { account: { kind: 'psp_clearing' }, amount: -options.cashCents * BigInt(chunk.length) },
          ...chunk.map((investor) => ({
            account: { kind: 'user_cash' as const, userId: investor.userId },
            amount: options.cashCents,
          })),
        ],
      });
    });
  }
  return investors.map(({ userId, email, headers, privateKey }) => ({ userId, email, headers, privateKey }));
};

/** The Ed25519 signature a security app sends for a canonical payload. */
export const signPayload = (investor: Pick<BulkInvestor, 'privateKey'>, canonicalPayload: string): string =>
  sign(null, Buffer.from(canonicalPayload, 'utf8'), investor.privateKey).toString('base64url');

type Injector = {
  inject(options: {
    method?: 'GET' | 'POST';
    url: string;
    headers: BulkInvestor['headers'];
    payload?: Record<string, unknown>;
  }): Promise<{ statusCode: number; body: string; json(): { data: { canonicalPayload: string } } }>;
};

/** Signs a pending request of a bulk investor the way the app does: reads the payload, signs its bytes. */
export const signAsInvestorApp = async (app: Injector, investor: BulkInvestor, requestId: string): Promise<void> => {
  const request = await app.inject({
    url: `/api/v1/securityApp/signingRequests/${requestId}`,
    headers: investor.headers,
  });
  if (request.statusCode !== 200) throw new Error(`reading ${requestId} failed: ${request.body}`);
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/securityApp/signingRequests/${requestId}/signature`,
    headers: investor.headers,
    payload: { signature: signPayload(investor, request.json().data.canonicalPayload) },
  });
  if (res.statusCode !== 200) throw new Error(`signing ${requestId} failed: ${res.body}`);
};
