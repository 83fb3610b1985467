#!/usr/bin/env node
/**
 * Backup and restore drill (issue 41, ADR 0047, docs/runbooks/point-in-time-recovery.md), on
 * PostgreSQL:
 *   1. an API node (with its worker) on a scratch database; investors with wallets;
 *   2. a load over HTTP for --seconds: pay-ins (the provider's signed webhooks transfer.received and
 *      transfer.settled, a tenth of them sent twice), complete purchases (initInvestment, signing
 *      request, signature) and payouts (initmoneyout, the SMS code from the development mailbox,
 *      moneyout, the provider's payout.succeeded webhook); every acknowledged operation is recorded
 *      with the time it was sent and the time its last call was answered;
 *   3. half-way through, a snapshot is exported (`pg_export_snapshot()` in a REPEATABLE READ
 *      transaction; the times just before and just after are recorded) and `pg_dump -Fc
 *      --snapshot` writes exactly that snapshot while the load goes on;
 *   4. `pg_restore` into a fresh database; on it: the ledger invariants and the register/ledger
 *      agreement; every operation acknowledged before the snapshot present with its exact amounts;
 *      every operation sent after it absent; every one in flight either wholly present or wholly
 *      absent; every investor's cash (free and held) and shares per asset equal to what the
 *      operations present say. The same balance check runs on the live database against all
 *      acknowledged operations.
 * Prints a report; exit code 1 on any difference. All scratch databases and the dump are removed.
 *
 * Usage: npm run drill:restore [-- --seconds 40] [--clients 8] [--investors 32] [--json]
 * Env: BENCH_DATABASE_URL / DATABASE_URL (the server's maintenance database, as the benches).
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { cleanUpOnInterrupt, httpClient, prepareLoadDatabase, purchaseOverHttp, sleep } from './lib/load.mjs';
import { createBenchDatabase, startApiOnPostgres } from './lib/postgres-bench.mjs';

register();

const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] !== undefined ? Number(process.argv[index + 1]) : fallback;
};
const asJson = process.argv.includes('--json');
const SECONDS = argument('seconds', 40);
const CLIENTS = argument('clients', 8);
const INVESTORS = argument('investors', 32);
const INITIAL_CENTS = 5_000_000n;
/** The provider sends no payout webhook of its own during the drill: the drill plays the provider. */
const PROVIDER_SILENT_MS = String(3_600_000);
/** Per payout account the platform starts 3 payouts an hour (ADR 0020). */
const PAYOUTS_PER_INVESTOR = 3;
const SENDER_IBAN = 'DE89370400440532013000';
const SENDER_NAME = 'Bulk Investor';

const log = (line) => {
  if (!asJson) process.stdout.write(`${line}\n`);
};
const run = (file, args) =>
  new Promise((resolve, reject) =>
    execFile(file, args, { encoding: 'utf8', maxBuffer: 16 * 2 ** 20 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${file} failed: ${stderr || error.message}`)) : resolve(stdout),
    ),
  );

/** The provider's signed webhook, as `POST /api/v1/payment/webhook` expects it. */
const webhook = (send, secret, event) => {
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return send(
    'POST',
    '/api/v1/payment/webhook',
    { 'x-psp-timestamp': String(timestamp), 'x-psp-signature': signature },
    body,
  );
};

/** The books of one database: per investor cash (free + held), per investor and asset shares. */
const booksOf = async (client, userIds) => {
  const { rows } = await client.query(
    `SELECT user_id::text, coalesce(asset_id, '') AS asset_id, kind, sum(balance)::text AS balance FROM ledger_accounts
     WHERE user_id = ANY($1::uuid[]) AND kind IN ('user_cash', 'user_cash_held', 'user_shares', 'user_shares_held')
     GROUP BY 1, 2, 3`,
    [userIds],
  );
  const books = new Map();
  for (const row of rows) {
    const key = row.kind.startsWith('user_cash') ? `${row.user_id} cash` : `${row.user_id} shares ${row.asset_id}`;
    books.set(key, (books.get(key) ?? 0n) + BigInt(row.balance));
  }
  return books;
};

/** Which operations a database holds: `{ present, partial }` per operation, read from its rows. */
const presenceOf = async (client, operations) => {
  const ids = (kind) => operations.filter((op) => op.kind === kind);
  const presence = new Map();
  const payins = ids('payin');
  if (payins.length > 0) {
    const { rows } = await client.query(
      `SELECT t.provider_reference AS ref, t.status, t.amount_cents::text AS amount,
         (SELECT e.amount::text FROM ledger_postings p JOIN ledger_entries e ON e.posting_id = p.id
          JOIN ledger_accounts a ON a.id = e.account_id
          WHERE p.idempotency_key = 'psp:' || t.provider_reference || ':settle' AND a.kind = 'user_cash') AS credited
       FROM transactions t WHERE t.provider_reference = ANY($1::text[])`,
      [payins.map((op) => op.transferId)],
    );
    const byRef = new Map(rows.map((row) => [row.ref, row]));
    for (const op of payins) {
      const row = byRef.get(op.transferId);
      const settled = row?.status === 'success';
      const credited = row?.credited ?? null;
      presence.set(op, {
        present: settled && credited !== null,
        partial: settled !== (credited !== null),
        amountsMatch: !settled || (row.amount === String(op.amount) && credited === String(op.amount)),
      });
    }
  }
  const purchases = ids('purchase');
  if (purchases.length > 0) {
    const { rows } = await client.query(
      `SELECT p.transaction_id::text AS id, p.status, p.shares, (p.amount_cents + p.fee_cents - p.bonus_cents)::text AS total,
         EXISTS (SELECT 1 FROM ledger_postings l WHERE l.idempotency_key = 'primary:' || p.transaction_id || ':shares') AS booked
       FROM primary_purchases p WHERE p.transaction_id = ANY($1::uuid[])`,
      [purchases.map((op) => op.transactionId)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const op of purchases) {
      const row = byId.get(op.transactionId);
      const settled = row?.status === 'settled';
      presence.set(op, {
        present: settled && row.booked,
        partial: settled !== Boolean(row?.booked),
        amountsMatch: !settled || (row.total === String(op.total) && row.shares === op.shares),
      });
    }
  }
  const payouts = ids('payout');
  if (payouts.length > 0) {
    const { rows } = await client.query(
      `SELECT t.id::text AS id, t.status, t.amount_cents::text AS amount,
         EXISTS (SELECT 1 FROM ledger_postings l WHERE l.idempotency_key = 'hold:' || t.hold_id || ':posted') AS posted
       FROM transactions t WHERE t.id = ANY($1::uuid[])`,
      [payouts.map((op) => op.transactionId)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const op of payouts) {
      const row = byId.get(op.transactionId);
      const paid = row?.status === 'success';
      presence.set(op, {
        present: paid && row.posted,
        partial: paid !== Boolean(row?.posted),
        amountsMatch: !paid || row.amount === String(op.amount),
      });
    }
  }
  return presence;
};

/** Each investor's books as the operations in `counted` say (plus the initial pay-in). */
const expectedBooks = (userIds, counted) => {
  const books = new Map(userIds.map((id) => [`${id} cash`, INITIAL_CENTS]));
  const add = (key, amount) => books.set(key, (books.get(key) ?? 0n) + amount);
  for (const op of counted) {
    if (op.kind === 'payin') add(`${op.userId} cash`, op.amount);
    if (op.kind === 'payout') add(`${op.userId} cash`, -op.amount);
    if (op.kind === 'purchase') {
      add(`${op.userId} cash`, -op.total);
      add(`${op.userId} shares ${op.assetId}`, BigInt(op.shares));
    }
  }
  return books;
};

const compareBooks = (label, actual, expected) => {
  const differences = [];
  for (const key of new Set([...actual.keys(), ...expected.keys()])) {
    const [a, e] = [actual.get(key) ?? 0n, expected.get(key) ?? 0n];
    if (a !== e) differences.push(`${label}: ${key} is ${a}, the acknowledged operations say ${e}`);
  }
  return differences;
};

const main = async () => {
  const started = Date.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-drill-'));
  const dumpFile = path.join(work, 'drill.dump');
  const source = await createBenchDatabase('bw_drill');
  let restored = null;
  let server = null;
  const clients = [];
  const cleanup = async () => {
    for (const client of clients) await client.end().catch(() => {});
    await server?.stop();
    await restored?.drop();
    await source.drop();
    fs.rmSync(work, { recursive: true, force: true });
  };
  const release = cleanUpOnInterrupt(cleanup);
  try {
    const { assetIds, investors, signPayload } = await prepareLoadDatabase(source.connectionString, {
      assets: 4,
      investors: INVESTORS,
      cashCents: INITIAL_CENTS,
    });
    const admin = new pg.Client({ connectionString: source.connectionString });
    await admin.connect();
    clients.push(admin);
    for (const [i, investor] of investors.entries()) {
      investor.phone = `+43699${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(4, '0')}`;
      await admin.query('UPDATE users SET phone = $1 WHERE id = $2', [investor.phone, investor.userId]);
    }
    const secret = crypto.randomBytes(24).toString('hex');
    server = await startApiOnPostgres(source.connectionString, {
      PSP_WEBHOOK_SECRET: secret,
      PSP_SANDBOX_PAYOUT_DELAY_MS: PROVIDER_SILENT_MS,
      PSP_SANDBOX_SETTLE_DELAY_MS: PROVIDER_SILENT_MS,
      DATABASE_POOL_SIZE: '12',
      WORKER: 'true',
    });
    const { send, close } = httpClient(server.url);
    for (const investor of investors) {
      const opened = await send('POST', '/api/v1/payment/account', investor.headers);
      if (opened.status !== 200) throw new Error(`payment account: ${opened.status} ${JSON.stringify(opened.json)}`);
      const { rows } = await admin.query('SELECT provider_wallet_id FROM payment_accounts WHERE user_id = $1', [
        investor.userId,
      ]);
      investor.walletId = rows[0]?.provider_wallet_id;
      investor.payouts = 0;
    }
    log(
      `drill:restore: database ${source.name}, ${INVESTORS} investors, ${CLIENTS} clients, ${SECONDS} s of load, ` +
        `load average ${os.loadavg()[0].toFixed(2)}`,
    );

    const acknowledged = [];
    const counts = { payin: 0, purchase: 0, payout: 0, refused: 0, retriesDuplicate: 0, failures: [] };
    const fail = (text) => {
      if (counts.failures.length < 20) counts.failures.push(text);
    };
    const payIn = async (investor) => {
      const transferId = `trf_drill_${crypto.randomUUID()}`;
      const amount = BigInt(100 + Math.floor(Math.random() * 50_000));
      const received = await webhook(send, secret, {
        eventId: `${transferId}:received`,
        type: 'transfer.received',
        transferId,
        walletId: investor.walletId,
        amount: String(amount),
        senderName: SENDER_NAME,
        senderIban: SENDER_IBAN,
        reference: 'Einzahlung',
      });
      if (received.status !== 200) return fail(`transfer.received ${received.status}`);
      const settledEvent = { eventId: `${transferId}:settled`, type: 'transfer.settled', transferId };
      const settled = await webhook(send, secret, settledEvent);
      if (settled.status !== 200 || settled.json.data.outcome !== 'applied')
        return fail(`transfer.settled ${settled.status} ${JSON.stringify(settled.json)}`);
      acknowledged.push({
        kind: 'payin',
        userId: investor.userId,
        transferId,
        amount,
        sentAt: received.sentAt,
        answeredAt: settled.answeredAt,
      });
      counts.payin += 1;
      if (Math.random() < 0.1) {
        // The provider retries a delivered event: it must change nothing.
        const again = await webhook(send, secret, settledEvent);
        if (again.status === 200 && again.json.data.outcome === 'duplicate') counts.retriesDuplicate += 1;
        else fail(`a retried transfer.settled answered ${again.status} ${JSON.stringify(again.json)}`);
      }
    };
    const buy = async (investor) => {
      const result = await purchaseOverHttp({
        send,
        investor,
        assetId: assetIds[Math.floor(Math.random() * assetIds.length)],
        shares: 1 + Math.floor(Math.random() * 3),
        signPayload,
      });
      if (!result.purchase) {
        if (/INSUFFICIENT|NOT_ENOUGH/.test(result.failure)) counts.refused += 1;
        else fail(`purchase: ${result.failure}`);
        return;
      }
      acknowledged.push({
        kind: 'purchase',
        userId: investor.userId,
        ...result.purchase,
        sentAt: result.purchase.startedAt,
        answeredAt: result.purchase.acknowledgedAt,
      });
      counts.purchase += 1;
    };
    const payOut = async (investor) => {
      if (investor.payouts >= PAYOUTS_PER_INVESTOR) return buy(investor);
      const payees = await send('GET', '/api/v1/payment/payoutAccounts', investor.headers);
      const payee = payees.json?.data?.[0];
      if (!payee) return payIn(investor); // the first pay-in in the investor's name adds the payout account
      investor.payouts += 1;
      const amount = BigInt(100 + Math.floor(Math.random() * 5_000));
      const mailbox = () =>
        send('GET', `/api/v1/dev/mailbox?recipient=${encodeURIComponent(investor.phone)}&channel=sms`, {});
      const before = (await mailbox()).json?.data?.length ?? 0;
      const started = await send('POST', '/api/v1/payment/initmoneyout', investor.headers, {
        amount: String(amount),
        payoutAccountId: payee.id,
      });
      if (started.status !== 200) {
        if (started.json?.error?.code === 'PAYOUT_INSUFFICIENT_FUNDS') counts.refused += 1;
        else fail(`initmoneyout ${started.status} ${started.json?.error?.code}`);
        return;
      }
      const { transactionId } = started.json.data;
      let code = null;
      for (let i = 0; i < 100 && !code; i += 1) {
        const messages = (await mailbox()).json?.data ?? [];
        if (messages.length > before) code = messages[0]?.bodyText.match(/: (\d{6})\./)?.[1] ?? null;
        else await sleep(100);
      }
      if (!code) return fail(`payout ${transactionId}: no SMS code within 10 s`);
      const confirmed = await send('POST', '/api/v1/payment/moneyout', investor.headers, {
        transactionId,
        smsCode: code,
      });
      if (confirmed.status !== 200) {
        if (confirmed.json?.error?.code === 'PAYOUT_INSUFFICIENT_FUNDS') counts.refused += 1;
        else fail(`moneyout ${confirmed.status} ${confirmed.json?.error?.code}`);
        return;
      }
      const paid = await webhook(send, secret, {
        eventId: `evt_drill_${crypto.randomUUID()}`,
        type: 'payout.succeeded',
        payoutId: transactionId,
      });
      if (paid.status !== 200 || paid.json.data.outcome !== 'applied')
        return fail(`payout.succeeded ${paid.status} ${JSON.stringify(paid.json)}`);
      acknowledged.push({
        kind: 'payout',
        userId: investor.userId,
        transactionId,
        amount,
        sentAt: paid.sentAt,
        answeredAt: paid.answeredAt,
      });
      counts.payout += 1;
    };

    const deadline = Date.now() + SECONDS * 1000;
    const worker = async (own) => {
      while (Date.now() < deadline) {
        const investor = own[Math.floor(Math.random() * own.length)];
        const roll = Math.random();
        if (roll < 0.35) await payIn(investor);
        else if (roll < 0.8) await buy(investor);
        else await payOut(investor);
      }
    };
    const snapshot = async () => {
      await sleep((SECONDS * 1000) / 2);
      const holder = new pg.Client({ connectionString: source.connectionString });
      await holder.connect();
      clients.push(holder);
      await holder.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      const before = Date.now();
      const { rows } = await holder.query('SELECT pg_export_snapshot() AS id');
      const after = Date.now();
      const dumpStarted = Date.now();
      await run('pg_dump', ['-Fc', '--snapshot', rows[0].id, '-f', dumpFile, '-d', source.connectionString]);
      const dumpSeconds = (Date.now() - dumpStarted) / 1000;
      await holder.query('COMMIT');
      return { id: rows[0].id, before, after, dumpSeconds };
    };
    const owned = Array.from({ length: CLIENTS }, (_, c) => investors.filter((_, i) => i % CLIENTS === c));
    const [snap] = await Promise.all([snapshot(), ...owned.map(worker)]);
    snap.loadWhileDumping = acknowledged.filter(
      (op) => op.sentAt >= snap.after && op.answeredAt <= snap.after + snap.dumpSeconds * 1000,
    ).length;
    close();

    // The live database against every acknowledged operation.
    const userIds = investors.map((investor) => investor.userId);
    const differences = [];
    const livePresence = await presenceOf(admin, acknowledged);
    for (const [op, state] of livePresence) {
      if (!state.present || !state.amountsMatch)
        differences.push(
          `live: acknowledged ${op.kind} missing or changed: ${JSON.stringify(op, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`,
        );
    }
    differences.push(...compareBooks('live', await booksOf(admin, userIds), expectedBooks(userIds, acknowledged)));
    await server.stop();
    server = null;

    // Restore into a fresh database and check it.
    restored = await createBenchDatabase('bw_drill_restored');
    const restoreStarted = Date.now();
    await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', restored.connectionString, dumpFile]);
    const restoreSeconds = (Date.now() - restoreStarted) / 1000;
    const target = new pg.Client({ connectionString: restored.connectionString });
    await target.connect();
    clients.push(target);
    const { openDatabase } = await import('@bw/db');
    const { ledgerViolations } = await import('../apps/api/src/ledger/ledger-checks.ts');
    const { registerLedgerViolations } = await import('../apps/api/src/modules/share-register/register-admin.ts');
    const database = await openDatabase({ kind: 'postgres', connectionString: restored.connectionString, poolSize: 2 });
    const invariants = [...(await ledgerViolations(database.db)), ...(await registerLedgerViolations(database.db))];
    await database.close();
    differences.push(...invariants.map((line) => `restored: ${line}`));

    const classes = { before: [], inFlight: [], after: [] };
    for (const op of acknowledged) {
      if (op.answeredAt < snap.before) classes.before.push(op);
      else if (op.sentAt > snap.after) classes.after.push(op);
      else classes.inFlight.push(op);
    }
    const presence = await presenceOf(target, acknowledged);
    const show = (op) => JSON.stringify(op, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    const inFlightPresent = [];
    for (const op of acknowledged) {
      const state = presence.get(op);
      if (state.partial) differences.push(`restored: ${op.kind} only partly present: ${show(op)}`);
      if (!state.amountsMatch) differences.push(`restored: ${op.kind} with other amounts: ${show(op)}`);
    }
    for (const op of classes.before)
      if (!presence.get(op).present)
        differences.push(`restored: acknowledged before the snapshot, missing: ${show(op)}`);
    for (const op of classes.after)
      if (presence.get(op).present) differences.push(`restored: sent after the snapshot, present: ${show(op)}`);
    for (const op of classes.inFlight) if (presence.get(op).present) inFlightPresent.push(op);
    differences.push(
      ...compareBooks(
        'restored',
        await booksOf(target, userIds),
        expectedBooks(userIds, [...classes.before, ...inFlightPresent]),
      ),
    );

    // The control: the restored copy lacks what was acknowledged after the snapshot, and the same
    // check against every acknowledged operation must say so (a check that finds nothing missing
    // there could not fail).
    const missingFromCopy = acknowledged.filter((op) => !presence.get(op).present).length;
    const controlHolds = classes.after.length === 0 || missingFromCopy >= classes.after.length;
    if (!controlHolds)
      differences.push(
        `control: ${classes.after.length} operations were sent after the snapshot, the check finds only ${missingFromCopy} missing`,
      );
    const ok = differences.length === 0 && counts.failures.length === 0;
    const report = {
      ok,
      seconds: SECONDS,
      clients: CLIENTS,
      investors: INVESTORS,
      acknowledged: { payins: counts.payin, purchases: counts.purchase, payouts: counts.payout },
      refusedForFunds: counts.refused,
      retriedWebhooksAnsweredDuplicate: counts.retriesDuplicate,
      snapshot: {
        id: snap.id,
        exportedBetween: [new Date(snap.before).toISOString(), new Date(snap.after).toISOString()],
        dumpSeconds: snap.dumpSeconds,
        dumpBytes: fs.statSync(dumpFile).size,
        operationsAcknowledgedWhileDumping: snap.loadWhileDumping,
      },
      restoreSeconds,
      beforeSnapshot: classes.before.length,
      inFlight: classes.inFlight.length,
      inFlightPresent: inFlightPresent.length,
      afterSnapshot: classes.after.length,
      controlMissingFromCopy: missingFromCopy,
      ledgerViolations: invariants.length,
      differences,
      failures: counts.failures,
      totalSeconds: Math.round((Date.now() - started) / 1000),
      loadAverage: os.loadavg()[0],
    };
    if (asJson) process.stdout.write(`${JSON.stringify(report)}\n`);
    log(
      `load: ${counts.payin} pay-ins, ${counts.purchase} purchases, ${counts.payout} payouts acknowledged; ` +
        `${counts.refused} refused for funds; ${counts.retriesDuplicate} retried webhooks answered duplicate`,
    );
    log(
      `snapshot ${snap.id} exported between ${report.snapshot.exportedBetween.join(' and ')}; pg_dump -Fc ${report.snapshot.dumpBytes} bytes in ` +
        `${snap.dumpSeconds.toFixed(1)} s (${snap.loadWhileDumping} operations acknowledged meanwhile); pg_restore ${restoreSeconds.toFixed(1)} s`,
    );
    log(
      `operations: ${classes.before.length} acknowledged before the snapshot, ${classes.inFlight.length} in flight ` +
        `(${inFlightPresent.length} present, wholly), ${classes.after.length} after; control: the copy lacks ${missingFromCopy} of all acknowledged`,
    );
    log(`restored database: ${invariants.length} ledger violations`);
    for (const line of differences.slice(0, 30)) log(`difference: ${line}`);
    for (const line of counts.failures) log(`failure: ${line}`);
    log(
      `drill:restore: ${differences.length} differences, ${counts.failures.length} failed calls in ${report.totalSeconds} s, ` +
        `load average ${os.loadavg()[0].toFixed(2)} — ${ok ? 'ok' : 'FAILED'}`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    release();
    await cleanup();
  }
};

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
