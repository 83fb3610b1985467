#!/usr/bin/env node
/**
 * The faults an operator meets (issue 41, ADR 0046), on a PRIVATE PostgreSQL 15 cluster and a
 * PRIVATE Redis (own data folder under /tmp, own ports, loopback only; the shared servers on
 * 5432/6379 are never touched): two API nodes and one worker process under a load of purchases
 * (initInvestment → Ed25519 signature in the security app → settlement) and pay-ins (the payment
 * provider's signed webhooks), every call with an idempotency key and retried until acknowledged,
 * while the script in turn:
 *   1. stops PostgreSQL with `pg_ctl stop -m immediate` and starts it again: while it is away the
 *      API answers 503 with a German text (never 500); every node is ready within 10 s of its return;
 *   2. terminates every backend connection (`pg_terminate_backend`): the same;
 *   3. stops Redis: the rate limits fall back to each node's own counters (metrics say so) and are
 *      shared again once Redis is back;
 *   4. kills the worker with SIGKILL while the outbox delivers, and starts it again: every outbox
 *      row is delivered exactly once, none given up;
 *   5. fills the uploads disk (a 64 KiB tmpfs over the document folder): an upload answers 507
 *      with a German text, the load goes on.
 * Then: the ledger's invariants, the register/ledger agreement, and every acknowledged purchase
 * and pay-in compared with the database (exists exactly once; retries and duplicates applied
 * once): prints the counts and "N differences". Exit 1 on any difference, any 500, or a
 * readiness later than 10 s.
 *
 * Usage: npm run test:faults [-- --short] [-- --minutes N] [-- --json]
 *   --short     CI form: one round of the five faults with short load phases (under 5 minutes)
 *   --minutes N repeat rounds of the five faults for N minutes of load
 * Needs: root (runuser, mount), /usr/lib/postgresql/15/bin, redis-server. Builds the compiled
 * server first (npm run build:server) and runs it.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { freePort } from './lib/product-server.mjs';
import { ROOT } from './lib/web-build.mjs';

register();

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const short = args.includes('--short');
const minutesArg = args.includes('--minutes') ? Number(args[args.indexOf('--minutes') + 1]) : null;
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const READY_LIMIT_MS = 10_000;
const PHASE_MS = short ? 6_000 : 15_000;
const OUTAGE_MS = short ? 4_000 : 8_000;
const CLIENTS = short ? 4 : 8;
const ASSETS = 4;
const PSP_SECRET = 'faults-psp-webhook-secret-0123456789';
const GERMAN_503 = 'Der Dienst ist gerade nicht erreichbar. Bitte versuche es gleich nochmal.';
const GERMAN_507 = 'Der Speicher für Dokumente ist gerade voll. Bitte versuche es später nochmal.';
const REQUEST_TIMEOUT_MS = 20_000;
const MAX_ATTEMPTS = 60;
const DUPLICATE_SHARE = 0.1;
const PAYOUTS_PER_INVESTOR = 5;
const PAYOUT_IBANS = ['DE89370400440532013000', 'AT611904300234573201'];
const OUTBOX_DRAIN_MS = 120_000;
/** The bulletin board's traded asset of the fixtures: sell offers placed and taken by the load's investors. */
const MARKET_ASSET = 'wien-ottakring-zinshaus';
const MARKET_SHARES = 1_000;
const MARKET_PRICE_CENTS = 10_000n;
/** The asset of the jobs the worker is killed inside: a distribution run, its reinvestments, savings plans. */
const JOBS_ASSET = 'faultjobs-income';
const JOBS_HOLDERS = short ? 40 : 120;
const JOBS_HOLDER_SHARES = 10;
const JOBS_MANDATES = short ? 6 : 16;
const JOBS_PLANS = short ? 6 : 16;
const JOBS_INCOME_PER_HOLDER_CENTS = 5_000n;
const JOBS_PLAN_AMOUNT_CENTS = 5_000n;
const KILL_POLL_MS = 20;
/** A 1×1 PNG: the smallest file the upload accepts. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const log = (line) => {
  if (!asJson) process.stdout.write(`${line}\n`);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`;
const step = (line) => log(`[${elapsed()}] ${line}`);

// ---------------------------------------------------------------- private PostgreSQL and Redis

const asPostgres = (cmd, cmdArgs, options = {}) =>
  execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...cmdArgs], { encoding: 'utf8', stdio: 'pipe', ...options });

const privatePostgres = async (dir) => {
  const data = path.join(dir, 'pg');
  const port = await freePort();
  fs.mkdirSync(data, { recursive: true });
  execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  asPostgres(path.join(PG_BIN, 'initdb'), ['-D', data, '-U', 'root', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c max_connections=200',
    '-c shared_buffers=64MB',
  ].join(' ');
  const start = () =>
    asPostgres(path.join(PG_BIN, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(dir, 'postgres.log'),
      '-o',
      options,
      '-w',
      'start',
    ]);
  const stop = (mode) => asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop']);
  start();
  const admin = `postgres://root@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query('CREATE DATABASE brickwise');
  await client.end();
  return { port, url: `postgres://root@127.0.0.1:${port}/brickwise`, admin, start, stop };
};

const privateRedis = async (dir) => {
  const port = await freePort();
  let child = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 50; i += 1) {
      try {
        execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe' });
        return;
      } catch {
        await sleep(100);
      }
    }
    throw new Error('private redis did not start');
  };
  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, start, stop };
};

// ---------------------------------------------------------------- API nodes and the worker

const spawnApi = async ({ entry, name, env, outputDir }) => {
  const port = await freePort();
  const metricsPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output = fs.openSync(path.join(outputDir, `${name}.log`), 'a');
  // The compiled server (npm run build:server), as production runs it: it starts in seconds where
  // tsx compiles for a minute or more on a busy machine, and the worker is restarted in the run.
  const child = spawn(process.execPath, ['--conditions=bw-compiled', path.join(ROOT, `apps/api/dist/${entry}.js`)], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      PUBLIC_URL: url,
      WEB_ORIGINS: url,
      METRICS_PORT: String(metricsPort),
    },
    stdio: ['ignore', output, output],
  });
  const node = { name, url, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, child };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited early, see ${outputDir}/${name}.log`);
    if (await isReady(url)) return node;
    await sleep(250);
  }
  throw new Error(`${name} not ready in time, see ${outputDir}/${name}.log`);
};

const stopProcess = async (child, signal = 'SIGTERM') => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};

const isReady = async (url) => {
  try {
    return (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
};

/** Milliseconds until every node answers /readyz with 200 (polled every 100 ms). */
const readinessAfter = async (nodes) => {
  const since = Date.now();
  const pending = new Set(nodes);
  while (pending.size > 0 && Date.now() - since < 60_000) {
    for (const node of [...pending]) if (await isReady(node.url)) pending.delete(node);
    if (pending.size > 0) await sleep(100);
  }
  return pending.size === 0 ? Date.now() - since : Number.POSITIVE_INFINITY;
};

const metricValue = async (node, name) => {
  try {
    const text = await (await fetch(node.metricsUrl, { signal: AbortSignal.timeout(3000) })).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
    return line ? Number(line.split(' ').at(-1)) : null;
  } catch {
    return null;
  }
};

// ---------------------------------------------------------------- the load

const stats = {
  statuses: new Map(),
  fiveHundreds: [],
  purchasesAcknowledged: [],
  payInsAcknowledged: [],
  payoutsAcknowledged: [],
  offersAcknowledged: [],
  tradesAcknowledged: [],
  /** Signed sell offers nobody has taken yet: the takers' pool. */
  openOffers: [],
  /** Offer placements never acknowledged (given up or refused): the database may hold at most this many more. */
  offersUnacknowledged: 0,
  refusals: [],
  duplicatesSent: 0,
  duplicateAnswersDiffer: [],
  outage503: 0,
  outage503NotGerman: [],
  givenUp: 0,
  givenUpWhat: [],
};

/** The last unacknowledged answer of each call given up on, for the report. */
let lastUnacknowledged = null;
const giveUp = (what) => {
  stats.givenUp += 1;
  stats.givenUpWhat.push(`${what}: ${lastUnacknowledged ?? 'no answer'}`);
};

const count = (status) => stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);

/** One HTTP call; answers `{ status, json }`, status 0 for a network error or timeout. */
const call = async (baseUrl, method, urlPath, { headers = {}, body, raw } = {}) => {
  try {
    const response = await fetch(`${baseUrl}${urlPath}`, {
      method,
      headers: { ...headers, ...(body !== undefined && !raw ? { 'content-type': 'application/json' } : {}) },
      body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    count(response.status);
    if (response.status >= 500 && response.status !== 503 && response.status !== 507)
      stats.fiveHundreds.push(`${method} ${urlPath}: ${response.status} ${text.slice(0, 200)}`);
    if (response.status === 503) {
      stats.outage503 += 1;
      if (json?.error?.message !== GERMAN_503)
        stats.outage503NotGerman.push(`${method} ${urlPath}: ${text.slice(0, 200)}`);
    }
    return { status: response.status, json };
  } catch (error) {
    count(0);
    return { status: 0, json: null, error };
  }
};

/** Repeats a call (same idempotency key) until it is answered 200, or gives up; answers the last answer. */
const untilAcknowledged = async (send, stop) => {
  let last = null;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    last = await send(attempt);
    if (last.status === 200) return last;
    // Refusals of the request itself (4xx other than 409/429) are not retried.
    if (last.status >= 400 && last.status < 500 && last.status !== 409 && last.status !== 429) {
      lastUnacknowledged = `${last.status} ${JSON.stringify(last.json?.error ?? null)}`;
      return last;
    }
    if (stop() && attempt > 3) break;
    await sleep(Math.min(2000, 200 * (attempt + 1)));
  }
  lastUnacknowledged = `${last?.status} ${JSON.stringify(last?.json?.error ?? null)}`;
  return last;
};

const signPsp = (body) => {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', PSP_SECRET).update(`${timestamp}.${body}`).digest('hex');
  return { timestamp, signature };
};

/** Signs a signing request in the investor's security app (Ed25519), as the app does; true once answered 200. */
const signInApp = async ({ node, investor, signingRequestId, signPayload, stop }) => {
  const request = await untilAcknowledged(
    () => call(node(), 'GET', `/api/v1/securityApp/signingRequests/${signingRequestId}`, { headers: investor.headers }),
    stop,
  );
  if (request?.status !== 200) return false;
  const signature = signPayload(investor, request.json.data.canonicalPayload);
  const signed = await untilAcknowledged(
    () =>
      call(node(), 'POST', `/api/v1/securityApp/signingRequests/${signingRequestId}/signature`, {
        headers: investor.headers,
        body: { signature },
      }),
    stop,
  );
  return signed?.status === 200;
};

const purchase = async ({ nodes, investor, assetId, signPayload, stop }) => {
  const key = randomUUID();
  const node = () => nodes[Math.floor(Math.random() * nodes.length)].url;
  const init = await untilAcknowledged(
    () =>
      call(node(), 'POST', `/api/v1/assets/initInvestment/${assetId}`, {
        headers: { ...investor.headers, 'idempotency-key': key },
        body: { shares: 1, acknowledgedAppropriateness: true },
      }),
    stop,
  );
  if (init?.status !== 200) {
    giveUp('purchase step 1');
    return;
  }
  const { transactionId, signingRequestId } = init.json.data;
  if (!(await signInApp({ node, investor, signingRequestId, signPayload, stop }))) {
    giveUp('purchase step 2');
    return;
  }
  stats.purchasesAcknowledged.push({ transactionId, userId: investor.userId, assetId, key });
  if (Math.random() < DUPLICATE_SHARE) {
    // A client that did not see the answer sends the same purchase again: the same transaction.
    stats.duplicatesSent += 1;
    const again = await untilAcknowledged(
      () =>
        call(node(), 'POST', `/api/v1/assets/initInvestment/${assetId}`, {
          headers: { ...investor.headers, 'idempotency-key': key },
          body: { shares: 1, acknowledgedAppropriateness: true },
        }),
      stop,
    );
    if (again?.status === 200 && again.json.data.transactionId !== transactionId)
      stats.duplicateAnswersDiffer.push(`purchase ${key}: ${transactionId} then ${again.json.data.transactionId}`);
  }
};

const payIn = async ({ nodes, investor, stop }) => {
  const transferId = `faults-${randomUUID()}`;
  const amount = String(1000 + Math.floor(Math.random() * 9000));
  const node = () => nodes[Math.floor(Math.random() * nodes.length)].url;
  const deliver = (event) => {
    const body = JSON.stringify(event);
    return untilAcknowledged(() => {
      const { timestamp, signature } = signPsp(body);
      return call(node(), 'POST', '/api/v1/payment/webhook', {
        headers: {
          'content-type': 'application/json',
          'x-psp-timestamp': String(timestamp),
          'x-psp-signature': signature,
        },
        raw: body,
      });
    }, stop);
  };
  const received = await deliver({
    eventId: `${transferId}:received`,
    type: 'transfer.received',
    transferId,
    walletId: investor.walletId,
    amount,
    senderName: 'Erika Muster',
    senderIban: 'DE89370400440532013000',
    reference: 'Einzahlung',
  });
  if (received?.status !== 200) {
    giveUp('payIn step 1');
    return;
  }
  const settled = await deliver({ eventId: `${transferId}:settled`, type: 'transfer.settled', transferId });
  if (settled?.status !== 200) {
    giveUp('payIn step 2');
    return;
  }
  stats.payInsAcknowledged.push({ transferId, userId: investor.userId, amount: BigInt(amount) });
  if (Math.random() < DUPLICATE_SHARE) {
    // The provider delivers the same event again: answered, applied once.
    stats.duplicatesSent += 1;
    const again = await deliver({ eventId: `${transferId}:settled`, type: 'transfer.settled', transferId });
    if (again?.status === 200 && again.json.data.outcome !== 'duplicate')
      stats.duplicateAnswersDiffer.push(`pay-in ${transferId}: second delivery ${again.json.data.outcome}`);
  }
};

/** The SMS code of a payout of `amountCents` in the development mailbox (the worker delivers it). */
const payoutCode = async (node, investor, amountCents, stop) => {
  const euros = `${amountCents / 100n},${String(amountCents % 100n).padStart(2, '0')} €`;
  // The worker sends the code: after a kill it may take a minute or more on a busy machine to return.
  for (let attempt = 0; attempt < MAX_ATTEMPTS * 8; attempt += 1) {
    const res = await call(
      node(),
      'GET',
      `/api/v1/dev/mailbox?recipient=${encodeURIComponent(investor.phone)}&channel=sms`,
    );
    const message = res.status === 200 ? res.json.data.find((m) => m.bodyText.includes(euros)) : undefined;
    const code = message?.bodyText.match(/: (\d{6})\./)?.[1];
    if (code) return code;
    if (stop() && attempt > 10) return null;
    await sleep(500);
  }
  return null;
};

/**
 * A payout as the app makes it: start (`Idempotency-Key`), the SMS code, confirm (`Idempotency-Key`).
 * At most PAYOUTS_PER_INVESTOR per investor (the platform allows 5 starts an hour, 3 per payout account).
 */
const payout = async ({ nodes, investor, stop }) => {
  const index = investor.payouts;
  investor.payouts += 1;
  const amountCents = 10_000n + BigInt(index);
  const node = () => nodes[Math.floor(Math.random() * nodes.length)].url;
  const startKey = randomUUID();
  const started = await untilAcknowledged(
    () =>
      call(node(), 'POST', '/api/v1/payment/initmoneyout', {
        headers: { ...investor.headers, 'idempotency-key': startKey },
        body: { amount: amountCents.toString(), payoutAccountId: investor.payoutAccountIds[index % 2] },
      }),
    stop,
  );
  if (started?.status !== 200) {
    giveUp('payout step 1');
    return;
  }
  const { transactionId } = started.json.data;
  const code = await payoutCode(node, investor, amountCents, stop);
  if (!code) {
    giveUp('payout step 2');
    return;
  }
  const confirmKey = randomUUID();
  const confirm = () =>
    call(node(), 'POST', '/api/v1/payment/moneyout', {
      headers: { ...investor.headers, 'idempotency-key': confirmKey },
      body: { transactionId, smsCode: code },
    });
  const confirmed = await untilAcknowledged(confirm, stop);
  if (confirmed?.status !== 200) {
    giveUp('payout step 3');
    return;
  }
  stats.payoutsAcknowledged.push({ transactionId, userId: investor.userId, amountCents });
  if (Math.random() < DUPLICATE_SHARE) {
    stats.duplicatesSent += 1;
    const again = await untilAcknowledged(confirm, stop);
    if (again?.status !== 200)
      stats.duplicateAnswersDiffer.push(`payout ${transactionId}: second confirm ${again?.status}`);
  }
};

/** A client's answer to an idempotent retry must name the same thing as the first answer. */
const sameAgain = (label, first, again) => {
  if (again?.status === 200 && again.first !== undefined && again.first !== first)
    stats.duplicateAnswersDiffer.push(`${label}: ${first} then ${again.first}`);
};

/**
 * A public sell offer on the bulletin board (`Idempotency-Key`), signed in the security app: its
 * shares are reserved and it is open for the other investors to take.
 */
const sellOffer = async ({ nodes, investor, signPayload, stop }) => {
  const shares = 1 + Math.floor(Math.random() * 2);
  if (investor.marketShares < shares) return false;
  const key = randomUUID();
  const node = () => nodes[Math.floor(Math.random() * nodes.length)].url;
  const place = () =>
    call(node(), 'POST', '/api/v1/bulletinboard/offer', {
      headers: { ...investor.headers, 'idempotency-key': key },
      body: {
        assetId: MARKET_ASSET,
        type: 'sell',
        sharesAmount: shares,
        price: MARKET_PRICE_CENTS.toString(),
        acceptedWarnings: [],
      },
    });
  const placed = await untilAcknowledged(place, stop);
  if (placed?.status !== 200) {
    stats.offersUnacknowledged += 1;
    if (placed?.status >= 400 && placed.status < 500)
      stats.refusals.push(`offer: ${JSON.stringify(placed.json?.error)}`);
    else giveUp('sellOffer step 1');
    return true;
  }
  const { offerId, signingRequest } = placed.json.data;
  investor.marketShares -= shares;
  stats.offersAcknowledged.push({ offerId, sellerId: investor.userId, shares, key });
  if (Math.random() < DUPLICATE_SHARE) {
    stats.duplicatesSent += 1;
    const again = await untilAcknowledged(place, stop);
    sameAgain(`offer ${key}`, offerId, { status: again?.status, first: again?.json?.data?.offerId });
  }
  const signingRequestId = signingRequest?.signingRequestId;
  if (!signingRequestId || !(await signInApp({ node, investor, signingRequestId, signPayload, stop }))) {
    giveUp('sellOffer step 2');
    return true;
  }
  stats.openOffers.push({ offerId, sellerId: investor.userId, shares });
  return true;
};

/** Takes a whole open offer of another investor (`Idempotency-Key`) and signs the trade: it settles. */
const takeOffer = async ({ nodes, investor, signPayload, stop }) => {
  const index = stats.openOffers.findIndex((offer) => offer.sellerId !== investor.userId);
  if (index < 0) return false;
  const [offer] = stats.openOffers.splice(index, 1);
  const key = randomUUID();
  const node = () => nodes[Math.floor(Math.random() * nodes.length)].url;
  const take = () =>
    call(node(), 'POST', '/api/v1/bulletinboard/offer/interestedParty', {
      headers: { ...investor.headers, 'idempotency-key': key },
      body: { offerId: offer.offerId, acknowledgedAppropriateness: true },
    });
  const taken = await untilAcknowledged(take, stop);
  if (taken?.status !== 200) {
    if (taken?.status >= 400 && taken.status < 500) stats.refusals.push(`take: ${JSON.stringify(taken.json?.error)}`);
    else giveUp('takeOffer step 1');
    return true;
  }
  const { trade } = taken.json.data;
  if (Math.random() < DUPLICATE_SHARE) {
    stats.duplicatesSent += 1;
    const again = await untilAcknowledged(take, stop);
    sameAgain(`take ${key}`, trade.tradeId, { status: again?.status, first: again?.json?.data?.trade?.tradeId });
  }
  const signingRequestId = trade.mySigningRequest?.signingRequestId;
  if (!signingRequestId || !(await signInApp({ node, investor, signingRequestId, signPayload, stop }))) {
    giveUp('takeOffer step 2');
    return true;
  }
  stats.tradesAcknowledged.push({
    tradeId: trade.tradeId,
    offerId: offer.offerId,
    buyerId: investor.userId,
    sellerId: offer.sellerId,
    shares: trade.sharesAmount,
  });
  return true;
};

const startLoad = ({ nodes, investors, assetIds, signPayload }) => {
  let stopping = false;
  const stop = () => stopping;
  const client = async (investor) => {
    while (!stopping) {
      const roll = Math.random();
      if (roll < 0.08 && investor.payouts < PAYOUTS_PER_INVESTOR) await payout({ nodes: nodes(), investor, stop });
      else if (roll < 0.15 && (await sellOffer({ nodes: nodes(), investor, signPayload, stop }))) continue;
      else if (roll < 0.3 && (await takeOffer({ nodes: nodes(), investor, signPayload, stop }))) continue;
      else if (roll < 0.75) {
        const assetId = assetIds[Math.floor(Math.random() * assetIds.length)];
        await purchase({ nodes: nodes(), investor, assetId, signPayload, stop });
      } else await payIn({ nodes: nodes(), investor, stop });
    }
  };
  const running = Promise.all(investors.map(client));
  return {
    stop: async () => {
      stopping = true;
      await running;
    },
  };
};

// ---------------------------------------------------------------- the faults

/** While the database is away: a call on each node answers 503 with the German text. */
const probeOutage = async (nodes, investor) => {
  const answers = [];
  for (const node of nodes) {
    const res = await call(node.url, 'GET', '/api/v1/payment/account', { headers: investor.headers });
    answers.push(res.status);
  }
  return answers;
};

// ---------------------------------------------------------------- the worker killed inside its jobs

/** Vienna's calendar day (the savings plans' day): the plans are set up to be due today. */
const viennaDay = () =>
  Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna', day: 'numeric' }).format(new Date()));

/**
 * The jobs' setup over HTTP, as investors do it: a reinvestment mandate (ADR 0034) for the first
 * JOBS_MANDATES holders and a savings plan (ADR 0045) due today for the next JOBS_PLANS, each signed
 * in the holder's security app.
 */
const prepareJobs = async ({ nodes, holders, signPayload }) => {
  const node = () => nodes[Math.floor(Math.random() * nodes.length)].url;
  const never = () => false;
  const signed = async (label, response, investor) => {
    if (response?.status !== 200) throw new Error(`${label}: ${response?.status} ${JSON.stringify(response?.json)}`);
    const signingRequestId = response.json.data.signingRequestId;
    if (!(await signInApp({ node, investor, signingRequestId, signPayload, stop: never })))
      throw new Error(`${label}: not signed`);
    return response.json.data;
  };
  const mandateHolders = holders.slice(0, JOBS_MANDATES);
  for (const investor of mandateHolders) {
    const created = await untilAcknowledged(
      () =>
        call(node(), 'POST', '/api/v1/user/reinvestmentMandates', {
          headers: investor.headers,
          body: { assetId: JOBS_ASSET, maxPricePerShare: '100000', acknowledgedAppropriateness: true },
        }),
      never,
    );
    await signed('reinvestment mandate', created, investor);
  }
  const day = viennaDay();
  const planHolders = day <= 28 ? holders.slice(JOBS_MANDATES, JOBS_MANDATES + JOBS_PLANS) : [];
  const planIds = [];
  for (const investor of planHolders) {
    const created = await untilAcknowledged(
      () =>
        call(node(), 'POST', '/api/v1/user/savingsPlans', {
          headers: investor.headers,
          body: {
            amount: JOBS_PLAN_AMOUNT_CENTS.toString(),
            dayOfMonth: day,
            allocations: [{ assetId: JOBS_ASSET, percent: 100 }],
            acknowledgedAppropriateness: true,
          },
        }),
      never,
    );
    planIds.push((await signed('savings plan', created, investor)).id);
  }
  return { mandateHolders, planHolders, planIds, savingsSkipped: day > 28 };
};

/**
 * Kills the worker (SIGKILL) once `progress` says the job has started and not finished, reads the
 * progress the killed worker left committed, and starts a new worker.
 */
const killWorkerInside = async ({ label, progress, worker, startWorker }) => {
  const since = Date.now();
  let seen = await progress();
  // A random point between a tenth and half of the job (at least one done).
  const share = 0.1 + Math.random() * 0.4;
  const due = () => seen.total === 0 || seen.done >= Math.max(1, Math.floor(seen.total * share));
  while (Date.now() - since < 180_000 && !due()) {
    await sleep(KILL_POLL_MS);
    seen = await progress();
  }
  const exited = new Promise((resolve) => worker.node.child.once('exit', resolve));
  worker.node.child.kill('SIGKILL');
  await exited;
  const atKill = await progress();
  const killedAfter = Date.now() - since;
  const restarting = Date.now();
  worker.node = await startWorker();
  const midway = atKill.done > 0 && atKill.done < atKill.total;
  step(
    `  ${label}: worker killed ${killedAfter} ms after the job began, ${atKill.done} of ${atKill.total} done` +
      `${midway ? '' : ' (NOT mid-way)'}; worker ready again after ${Date.now() - restarting} ms`,
  );
  return { job: label, doneAtKill: atKill.done, total: atKill.total, midway };
};

/**
 * Fault 4 of the first round: the worker killed inside the deliveries of a distribution run (its
 * per-payee notifications), inside its reinvestments and inside savings-plan executions. The run
 * is paid by the operations the back office calls (income recorded and confirmed, proposed by one
 * person and approved by another: `distributeIncome`), the plans are enqueued by the daily job's
 * own operation (`runDueSavingsPlans`); the worker delivers both from the outbox.
 */
/** The operations the jobs are triggered with, loaded (compiled by tsx) while the servers start. */
const loadJobModules = async () => ({
  ...(await import('@bw/db')),
  ...(await import('../apps/api/src/jobs/registry.ts')),
  ...(await import('../apps/api/src/jobs/outbox.ts')),
  ...(await import('../apps/api/src/jobs/index.ts')),
  ...(await import('../apps/api/src/modules/distributions/distributions.jobs.ts')),
  ...(await import('../apps/api/src/modules/reinvestment/reinvestment.jobs.ts')),
  ...(await import('../apps/api/src/modules/savings/savings.jobs.ts')),
  ...(await import('../apps/api/src/modules/notifications/notifications.jobs.ts')),
  ...(await import('../apps/api/src/modules/distributions/operations/distribute-income.ts')),
  ...(await import('../apps/api/src/modules/savings/operations/due-plans.ts')),
  ...(await import('../apps/api/src/platform/audit.ts')),
});

const killInsideJobs = async ({ url, jobs, worker, startWorker, modules }) => {
  const {
    openDatabase,
    createJobRegistry,
    createOutbox,
    coreJobs,
    distributionJobs,
    createReinvestmentJobs,
    savingsJobs,
    notificationJobs,
    distributeIncome,
    runDueSavingsPlans,
    systemActor,
  } = await modules;
  const outbox = createOutbox(
    createJobRegistry([
      ...coreJobs,
      ...distributionJobs,
      ...createReinvestmentJobs({ outbox: null }),
      ...savingsJobs,
      ...notificationJobs,
    ]),
  );
  const database = await openDatabase({ kind: 'postgres', connectionString: url, poolSize: 2 });
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  const count = async (text, params) => Number((await probe.query(text, params)).rows[0].n);
  const kills = [];
  try {
    const month = new Date().toISOString().slice(0, 7);
    const today = new Date().toISOString().slice(0, 10);
    // Each holder's part (10 of 2 × holders × 10 shares) is JOBS_INCOME_PER_HOLDER_CENTS.
    const income = 2n * JOBS_INCOME_PER_HOLDER_CENTS * BigInt(JOBS_HOLDERS);
    await distributeIncome(
      { db: database.db, outbox },
      { author: systemActor('faults-author'), approver: systemActor('faults-approver') },
      JOBS_ASSET,
      {
        periodKey: month,
        income: {
          kind: 'rent',
          amount: income.toString(),
          periodStart: `${month}-01`,
          periodEnd: new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0))
            .toISOString()
            .slice(0, 10),
          receivedOn: today,
          note: 'Miete (test:faults)',
        },
      },
    );
    const killAt = async (label, progress) =>
      kills.push(await killWorkerInside({ label, worker, startWorker, progress }));
    const paid = `SELECT count(*) AS n FROM outbox WHERE topic = 'distributions.paid' AND payload->>'assetId' = $1`;
    await killAt('distribution run', async () => ({
      done: await count(`${paid} AND delivered_at IS NOT NULL`, [JOBS_ASSET]),
      total: await count(paid, [JOBS_ASSET]),
    }));
    await killAt('reinvestments', async () => ({
      done: await count('SELECT count(*) AS n FROM reinvestments WHERE asset_id = $1', [JOBS_ASSET]),
      total: jobs.mandateHolders.length,
    }));
    if (jobs.planIds.length > 0) {
      await runDueSavingsPlans(database.db, outbox, new Date());
      await killAt('savings plans', async () => ({
        done: await count('SELECT count(*) AS n FROM savings_plan_runs WHERE plan_id = ANY($1::uuid[])', [
          jobs.planIds,
        ]),
        total: jobs.planIds.length,
      }));
    }
  } finally {
    await probe.end();
    await database.close();
  }
  return kills;
};

/**
 * After the load: each job finished exactly once. One run; every holder credited once with one
 * inbox entry; one reinvestment per mandate, one savings run per plan, all bought; every holder's
 * shares are the shares given plus what the jobs bought, each bought once (one purchase each).
 */
const checkJobs = async ({ db, queryRows, sql, arrayParam, holders, jobs }) => {
  const differences = [];
  const holderIds = holders.map((h) => h.userId);
  const [runs] = await queryRows(
    db,
    sql`SELECT count(*)::int AS n FROM distribution_runs WHERE asset_id = ${JOBS_ASSET}`,
  );
  if (runs.n !== 1) differences.push(`distribution: ${runs.n} runs`);
  const credited = await queryRows(
    db,
    sql`SELECT h.user_id::text AS user_id,
        (SELECT count(*) FROM transactions t WHERE t.user_id = h.user_id AND t.asset_id = ${JOBS_ASSET} AND t.type = 'rent')::int AS payments,
        (SELECT count(*) FROM notifications n WHERE n.user_id = h.user_id AND n.event = 'distribution.paid')::int AS inbox
      FROM unnest(${arrayParam(holderIds)}::uuid[]) AS h (user_id)`,
  );
  for (const row of credited)
    if (row.payments !== 1 || row.inbox !== 1)
      differences.push(`distribution: holder ${row.user_id} paid ${row.payments} times, ${row.inbox} inbox entries`);
  const reinvested = await queryRows(
    db,
    sql`SELECT user_id::text, outcome, reason, shares FROM reinvestments WHERE asset_id = ${JOBS_ASSET}`,
  );
  if (reinvested.length !== jobs.mandateHolders.length)
    differences.push(`reinvestments: ${reinvested.length} for ${jobs.mandateHolders.length} mandates`);
  for (const row of reinvested)
    if (row.outcome !== 'bought') differences.push(`reinvestment of ${row.user_id}: ${row.outcome} ${row.reason}`);
  const planRuns = await queryRows(
    db,
    sql`SELECT r.plan_id::text, (SELECT count(*) FROM savings_plan_executions e
        WHERE e.plan_id = r.plan_id AND e.month = r.month AND e.outcome = 'bought')::int AS bought
      FROM savings_plan_runs r WHERE r.plan_id = ANY(${arrayParam(jobs.planIds)}::uuid[])`,
  );
  if (planRuns.length !== jobs.planIds.length)
    differences.push(`savings: ${planRuns.length} runs for ${jobs.planIds.length} plans`);
  for (const row of planRuns)
    if (row.bought !== 1) differences.push(`savings plan ${row.plan_id}: ${row.bought} purchases`);
  const shares = await queryRows(
    db,
    sql`SELECT h.user_id::text AS user_id,
        coalesce((SELECT sum(balance) FROM ledger_accounts a WHERE a.user_id = h.user_id AND a.asset_id = ${JOBS_ASSET}
          AND a.kind IN ('user_shares', 'user_shares_held')), 0)::int AS ledger,
        coalesce((SELECT sum(shares) FROM reinvestments r WHERE r.user_id = h.user_id AND r.asset_id = ${JOBS_ASSET}), 0)::int
          + coalesce((SELECT sum(e.shares) FROM savings_plan_executions e JOIN savings_plans p ON p.id = e.plan_id
            WHERE p.user_id = h.user_id AND e.asset_id = ${JOBS_ASSET}), 0)::int AS bought,
        (SELECT count(*) FROM reinvestments r WHERE r.user_id = h.user_id AND r.asset_id = ${JOBS_ASSET} AND r.outcome = 'bought')::int
          + (SELECT count(*) FROM savings_plan_executions e JOIN savings_plans p ON p.id = e.plan_id
            WHERE p.user_id = h.user_id AND e.asset_id = ${JOBS_ASSET} AND e.outcome = 'bought')::int AS purchases_expected,
        (SELECT count(*) FROM transactions t WHERE t.user_id = h.user_id AND t.asset_id = ${JOBS_ASSET} AND t.type = 'buy'
          AND t.status = 'success')::int AS purchases
      FROM unnest(${arrayParam(holderIds)}::uuid[]) AS h (user_id)`,
  );
  for (const row of shares) {
    if (row.ledger !== JOBS_HOLDER_SHARES + row.bought)
      differences.push(`jobs: ${row.user_id} holds ${row.ledger}, given ${JOBS_HOLDER_SHARES} + bought ${row.bought}`);
    if (row.purchases !== row.purchases_expected)
      differences.push(`jobs: ${row.user_id} ${row.purchases} purchases, the jobs made ${row.purchases_expected}`);
  }
  return {
    differences,
    figures: {
      payees: credited.length,
      reinvestments: reinvested.length,
      savingsRuns: planRuns.length,
      sharesBought: shares.reduce((sum, row) => sum + row.bought, 0),
    },
  };
};

/**
 * After the load: every acknowledged trade settled once (its shares and its money moved once),
 * every acknowledged offer once, the bulletin board's own invariants, each investor's shares of the
 * traded asset as given plus bought minus sold.
 */
const checkTrades = async ({ db, queryRows, sql, arrayParam, investors, checkBulletinBoardInvariants }) => {
  const differences = [];
  const trades = await queryRows(
    db,
    sql`SELECT t.id::text, t.offer_id::text, t.status, t.shares_count, t.buyer_user_id::text, t.seller_user_id::text,
        (SELECT count(*) FROM ledger_holds h WHERE h.id IN (t.first_party_hold_id, t.second_party_hold_id) AND h.status = 'posted')::int AS holds_posted
      FROM bulletin_trades t WHERE t.asset_id = ${MARKET_ASSET}
        AND t.buyer_user_id = ANY(${arrayParam(investors.map((i) => i.userId))}::uuid[])`,
  );
  const tradeOf = new Map(trades.map((t) => [t.id, t]));
  for (const ack of stats.tradesAcknowledged) {
    const row = tradeOf.get(ack.tradeId);
    if (!row) differences.push(`trade ${ack.tradeId}: acknowledged, missing`);
    else if (row.status !== 'completed' || row.shares_count !== ack.shares || row.buyer_user_id !== ack.buyerId)
      differences.push(`trade ${ack.tradeId}: ${row.status}, ${row.shares_count} shares, buyer ${row.buyer_user_id}`);
    else if (row.holds_posted !== 2) differences.push(`trade ${ack.tradeId}: ${row.holds_posted} of 2 holds posted`);
  }
  const liveTradesOf = new Map();
  for (const t of trades)
    if (t.status !== 'canceled') liveTradesOf.set(t.offer_id, (liveTradesOf.get(t.offer_id) ?? 0) + 1);
  for (const [offerId, n] of liveTradesOf) if (n > 1) differences.push(`offer ${offerId}: taken ${n} times`);
  const [offers] = await queryRows(
    db,
    sql`SELECT count(*)::int AS n FROM bulletin_offers WHERE asset_id = ${MARKET_ASSET}
      AND first_party_user_id = ANY(${arrayParam(investors.map((i) => i.userId))}::uuid[])`,
  );
  const acknowledged = new Set(stats.offersAcknowledged.map((o) => o.offerId)).size;
  if (acknowledged !== stats.offersAcknowledged.length) differences.push('an offer acknowledged twice under two keys');
  if (offers.n < acknowledged || offers.n > acknowledged + stats.offersUnacknowledged)
    differences.push(
      `offers: ${offers.n} in the database, ${acknowledged} acknowledged, ${stats.offersUnacknowledged} not`,
    );
  const held = await queryRows(
    db,
    sql`SELECT i.user_id::text AS user_id,
        coalesce((SELECT sum(balance) FROM ledger_accounts a WHERE a.user_id = i.user_id AND a.asset_id = ${MARKET_ASSET}
          AND a.kind IN ('user_shares', 'user_shares_held')), 0)::int AS ledger,
        coalesce((SELECT sum(shares_count) FROM bulletin_trades t WHERE t.asset_id = ${MARKET_ASSET} AND t.status = 'completed'
          AND t.buyer_user_id = i.user_id), 0)::int AS bought,
        coalesce((SELECT sum(shares_count) FROM bulletin_trades t WHERE t.asset_id = ${MARKET_ASSET} AND t.status = 'completed'
          AND t.seller_user_id = i.user_id), 0)::int AS sold
      FROM unnest(${arrayParam(investors.map((i) => i.userId))}::uuid[]) AS i (user_id)`,
  );
  for (const row of held)
    if (row.ledger !== MARKET_SHARES + row.bought - row.sold)
      differences.push(
        `market shares of ${row.user_id}: ledger ${row.ledger}, given ${MARKET_SHARES} + ${row.bought} − ${row.sold}`,
      );
  for (const problem of await checkBulletinBoardInvariants(db, MARKET_ASSET))
    differences.push(`bulletin board: ${problem}`);
  return { differences, completed: trades.filter((t) => t.status === 'completed').length };
};

const main = async () => {
  if (process.getuid?.() !== 0)
    throw new Error('test:faults needs root (runuser for PostgreSQL, mount for the full disk)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-faults-'));
  fs.chmodSync(dir, 0o755);
  const dataDir = path.join(dir, 'data');
  const uploadsDir = path.join(dataDir, 'identification-documents');
  const logDir = path.join(dir, 'logs');
  fs.mkdirSync(uploadsDir, { recursive: true });
  fs.mkdirSync(logDir, { recursive: true });
  const processes = [];
  let postgres = null;
  let redis = null;
  let mounted = false;
  const figures = { readinessMs: [], faults: [] };
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'pipe' });
    step('server built');
    postgres = await privatePostgres(dir);
    redis = await privateRedis(dir);
    // The logs stay for a look after a failing run; the data folders go.
    fs.chownSync(logDir, 0, 0);
    step(
      `private PostgreSQL on 127.0.0.1:${postgres.port}, private Redis on 127.0.0.1:${redis.port}, logs in ${logDir}`,
    );

    const { openDatabase, migrate, assets, users, payoutAccounts, queryRows, arrayParam } = await import('@bw/db');
    const { sql, eq } = await import('drizzle-orm');
    const { loadTestFixtures } = await import('../apps/api/src/test/fixtures.ts');
    const { createBulkInvestors, signPayload } = await import('../apps/api/src/test/bulk-investors.ts');
    const { ledgerViolations } = await import('../apps/api/src/ledger/ledger-checks.ts');
    const { registerLedgerViolations } = await import('../apps/api/src/modules/share-register/register-admin.ts');
    const { fundShares, checkBulletinBoardInvariants } = await import(
      '../apps/api/src/modules/bulletin-board/bulletin-board.test-support.ts'
    );

    const setup = await openDatabase({ kind: 'postgres', connectionString: postgres.url, poolSize: 2 });
    await migrate(setup.db);
    await loadTestFixtures(setup.db);
    const [template] = await setup.db.select().from(assets).where(eq(assets.id, 'pv-landshut-agri'));
    const assetIds = Array.from({ length: ASSETS }, (_, i) => `faults-${i}`);
    await setup.db.insert(assets).values(
      assetIds.map((id) => ({
        ...template,
        id,
        title: `Fault test ${id}`,
        serialNumber: `SN-${id}`,
        stage: 'primary',
        securityType: 'participationKG',
        countryCode: 'AT',
        spvCountryCode: 'AT',
        pricePerShareCents: 10_000n,
        totalShares: 10_000_000,
        availableShares: 10_000_000,
        minimumSubscriptionShares: 1,
      })),
    );
    const investors = await createBulkInvestors(setup.db, CLIENTS + 1, { cashCents: 10_000_000_000n, label: 'faults' });
    // A phone for the payout codes and two payout accounts each.
    for (const [index, investor] of investors.entries()) {
      investor.phone = `+4366400${String(index).padStart(5, '0')}`;
      investor.payouts = 0;
      await setup.db.update(users).set({ phone: investor.phone }).where(eq(users.id, investor.userId));
      const accounts = await setup.db
        .insert(payoutAccounts)
        .values(PAYOUT_IBANS.map((iban) => ({ userId: investor.userId, iban, owner: 'Bulk Investor' })))
        .returning({ id: payoutAccounts.id });
      investor.payoutAccountIds = accounts.map((a) => a.id);
    }
    // Shares of the traded asset for every investor of the load: the sell offers' stock.
    for (const investor of investors) {
      await fundShares(setup.db, investor.userId, MARKET_ASSET, MARKET_SHARES);
      investor.marketShares = MARKET_SHARES;
    }
    // The jobs' asset, monthly distributions, and its holders (shares allocated by the issuer).
    await setup.db.insert(assets).values({
      ...template,
      id: JOBS_ASSET,
      title: 'Fault test jobs',
      serialNumber: `SN-${JOBS_ASSET}`,
      stage: 'primary',
      securityType: 'participationKG',
      countryCode: 'AT',
      spvCountryCode: 'AT',
      distributionFrequency: 'monthly',
      pricePerShareCents: 1_000n,
      // Pro rata over all shares: the holders hold half, the other half is for the jobs to buy.
      totalShares: 2 * JOBS_HOLDERS * JOBS_HOLDER_SHARES,
      availableShares: JOBS_HOLDERS * JOBS_HOLDER_SHARES,
      minimumSubscriptionShares: 1,
    });
    const holders = await createBulkInvestors(setup.db, JOBS_HOLDERS, { cashCents: 1_000_000n, label: 'faultjobs' });
    for (const holder of holders) await fundShares(setup.db, holder.userId, JOBS_ASSET, JOBS_HOLDER_SHARES);
    await setup.close();

    const env = {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      DATABASE_URL: postgres.url,
      DATABASE_POOL_SIZE: '12',
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
      RATE_LIMIT_REDIS_URL: redis.url,
      PSP_WEBHOOK_SECRET: PSP_SECRET,
      PSP_SANDBOX_SETTLE_DELAY_MS: '0',
      PSP_SANDBOX_PAYOUT_DELAY_MS: '0',
    };
    step('scratch data written');
    const jobModules = loadJobModules();
    const startWorker = async () => {
      const node = await spawnApi({ entry: 'worker', name: 'worker', env, outputDir: logDir });
      processes.push(() => stopProcess(node.child));
      return node;
    };
    const worker = { node: await startWorker() };
    const apiNodes = await Promise.all(
      ['api1', 'api2'].map((name) =>
        spawnApi({ entry: 'main', name, env: { ...env, WORKER: 'false' }, outputDir: logDir }),
      ),
    );
    for (const node of apiNodes) processes.push(() => stopProcess(node.child));
    step(`worker and two API nodes ready: ${apiNodes.map((n) => n.url).join(', ')}`);

    // Every investor's wallet at the sandbox provider, for the pay-ins.
    for (const investor of investors) {
      const opened = await call(apiNodes[0].url, 'POST', '/api/v1/payment/account', { headers: investor.headers });
      if (opened.status !== 200) throw new Error(`wallet not opened: ${JSON.stringify(opened.json)}`);
    }
    const check = await openDatabase({ kind: 'postgres', connectionString: postgres.url, poolSize: 2 });
    const wallets = await queryRows(check.db, sql`SELECT user_id::text, provider_wallet_id FROM payment_accounts`);
    await check.close();
    for (const investor of investors)
      investor.walletId = wallets.find((w) => w.user_id === investor.userId)?.provider_wallet_id;
    const [prober, ...loadInvestors] = investors;
    const jobs = await prepareJobs({ nodes: apiNodes, holders, signPayload });
    step(
      `jobs prepared: ${holders.length} holders of ${JOBS_ASSET}, ${jobs.mandateHolders.length} reinvestment mandates, ` +
        `${jobs.planIds.length} savings plans due today${jobs.savingsSkipped ? ' (none: Vienna day > 28)' : ''}`,
    );

    const load = startLoad({ nodes: () => apiNodes, investors: loadInvestors, assetIds, signPayload });
    const deadline = Date.now() + (minutesArg ?? 0) * 60_000;
    let round = 0;
    do {
      round += 1;
      step(`round ${round}: load of purchases and pay-ins on both nodes`);
      await sleep(PHASE_MS);

      // 1. PostgreSQL stops at once and comes back.
      step('fault 1: PostgreSQL stop -m immediate');
      postgres.stop('immediate');
      await sleep(500);
      const during = await probeOutage(apiNodes, prober);
      await sleep(OUTAGE_MS);
      postgres.start();
      const ready1 = await readinessAfter([...apiNodes, worker.node]);
      figures.readinessMs.push(ready1);
      figures.faults.push({ round, fault: 'postgres-restart', answersWhileAway: during, readyMs: ready1 });
      step(`  while away: ${during.join(', ')}; all nodes ready ${ready1} ms after PostgreSQL returned`);
      await sleep(PHASE_MS);

      // 2. Every backend connection terminated.
      step('fault 2: pg_terminate_backend of every backend');
      const admin = new pg.Client({ connectionString: postgres.admin });
      await admin.connect();
      const { rows } = await admin.query(
        `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
         WHERE pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      await admin.end();
      const ready2 = await readinessAfter([...apiNodes, worker.node]);
      figures.readinessMs.push(ready2);
      figures.faults.push({ round, fault: 'terminate-backends', terminated: rows[0].n, readyMs: ready2 });
      step(`  ${rows[0].n} backends terminated; all nodes ready after ${ready2} ms`);
      await sleep(PHASE_MS);

      // 3. Redis goes away and comes back.
      step('fault 3: Redis stopped');
      const fallbackBefore = await Promise.all(
        apiNodes.map((n) => metricValue(n, 'brickwise_rate_limit_local_fallback_total')),
      );
      await redis.stop();
      await sleep(OUTAGE_MS);
      const sharedWhileAway = await Promise.all(apiNodes.map((n) => metricValue(n, 'brickwise_rate_limit_shared')));
      const fallbackAfter = await Promise.all(
        apiNodes.map((n) => metricValue(n, 'brickwise_rate_limit_local_fallback_total')),
      );
      await redis.start();
      let sharedAgain = null;
      const redisBack = Date.now();
      while (Date.now() - redisBack < 30_000) {
        sharedAgain = await Promise.all(apiNodes.map((n) => metricValue(n, 'brickwise_rate_limit_shared')));
        if (sharedAgain.every((v) => v === 1)) break;
        await sleep(250);
      }
      const counted = fallbackAfter.map((v, i) => (v ?? 0) - (fallbackBefore[i] ?? 0));
      const redisOk =
        sharedWhileAway.every((v) => v === 0) && counted.every((v) => v > 0) && sharedAgain.every((v) => v === 1);
      figures.faults.push({
        round,
        fault: 'redis-stop',
        sharedWhileAway,
        countedLocally: counted,
        sharedAgain,
        sharedAgainMs: Date.now() - redisBack,
        ok: redisOk,
      });
      step(
        `  while away: shared ${sharedWhileAway.join('/')}, counted per node ${counted.join('/')}; ` +
          `back: shared ${sharedAgain.join('/')} after ${Date.now() - redisBack} ms`,
      );
      await sleep(PHASE_MS);

      // 4. The worker killed: in the first round inside a distribution run, its reinvestments and
      //    savings-plan executions; in later rounds while it delivers the load's outbox.
      if (round === 1) {
        step('fault 4: kill -9 of the worker inside a distribution run, reinvestments, savings plans');
        const kills = await killInsideJobs({ url: postgres.url, jobs, worker, startWorker, modules: jobModules });
        figures.faults.push({ round, fault: 'worker-kill-in-jobs', kills, ok: kills.every((k) => k.midway) });
      } else {
        step('fault 4: kill -9 of the worker');
        const pool = new pg.Client({ connectionString: postgres.url });
        await pool.connect();
        const pendingBefore = (
          await pool.query('SELECT count(*)::int AS n FROM outbox WHERE delivered_at IS NULL AND failed_at IS NULL')
        ).rows[0].n;
        await pool.end();
        worker.node.child.kill('SIGKILL');
        await sleep(1000);
        worker.node = await startWorker();
        figures.faults.push({ round, fault: 'worker-kill', outboxPendingAtKill: pendingBefore });
        step(`  killed with ${pendingBefore} outbox rows pending; worker started again`);
      }
      await sleep(PHASE_MS);

      // 5. The uploads disk full.
      step('fault 5: uploads disk full');
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0777', 'tmpfs', uploadsDir]);
      mounted = true;
      try {
        fs.writeFileSync(path.join(uploadsDir, 'filler'), Buffer.alloc(64 * 1024));
      } catch {
        // full, as intended
      }
      const upload = () => {
        const form = new FormData();
        form.append('file', new Blob([PNG], { type: 'image/png' }), 'beleg.png');
        return fetch(`${apiNodes[1].url}/api/v1/data/file`, {
          method: 'POST',
          headers: prober.headers,
          body: form,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        }).then(
          async (r) => ({ status: r.status, json: await r.json().catch(() => null) }),
          () => ({ status: 0, json: null }),
        );
      };
      const full = await upload();
      await sleep(OUTAGE_MS);
      execFileSync('umount', [uploadsDir]);
      mounted = false;
      const roomAgain = await upload();
      const diskOk = full.status === 507 && full.json?.error?.message === GERMAN_507 && roomAgain.status === 200;
      figures.faults.push({
        round,
        fault: 'disk-full',
        whileFull: full.status,
        afterwards: roomAgain.status,
        ok: diskOk,
      });
      step(`  upload while full: ${full.status} "${full.json?.error?.message}"; afterwards ${roomAgain.status}`);
      if (!short) await sleep(PHASE_MS);
    } while (!short && Date.now() < deadline);

    step('load stops; waiting for the outbox to drain');
    await load.stop();

    // ------------------------------------------------------------ the books against what was acknowledged
    const db = await openDatabase({ kind: 'postgres', connectionString: postgres.url, poolSize: 2 });
    const differences = [];
    let outbox = null;
    const drainSince = Date.now();
    while (Date.now() - drainSince < OUTBOX_DRAIN_MS) {
      [outbox] = await queryRows(
        db.db,
        sql`SELECT count(*) FILTER (WHERE delivered_at IS NULL AND failed_at IS NULL)::int AS pending,
          count(*) FILTER (WHERE failed_at IS NOT NULL)::int AS failed, count(*)::int AS total FROM outbox`,
      );
      if (outbox.pending === 0) break;
      await sleep(1000);
    }
    if (outbox.pending !== 0) differences.push(`outbox: ${outbox.pending} rows never delivered`);
    if (outbox.failed !== 0) differences.push(`outbox: ${outbox.failed} rows given up`);

    for (const violation of await ledgerViolations(db.db)) differences.push(`ledger: ${violation}`);
    for (const difference of await registerLedgerViolations(db.db)) differences.push(`register: ${difference}`);

    // Every acknowledged purchase exists once and is settled.
    const purchaseRows = await queryRows(
      db.db,
      sql`SELECT id::text, status FROM transactions WHERE type = 'buy' AND id = ANY(${arrayParam(stats.purchasesAcknowledged.map((p) => p.transactionId))}::uuid[])`,
    );
    const statusOf = new Map(purchaseRows.map((row) => [row.id, row.status]));
    for (const p of stats.purchasesAcknowledged) {
      const status = statusOf.get(p.transactionId);
      if (status !== 'success')
        differences.push(`purchase ${p.transactionId}: acknowledged, in the database ${status ?? 'missing'}`);
    }
    // No purchase applied twice: every holder's shares are the settled one-share purchases.
    const shareRows = await queryRows(
      db.db,
      sql`WITH books AS (
          SELECT user_id, asset_id, sum(balance) AS shares FROM ledger_accounts
          WHERE kind IN ('user_shares', 'user_shares_held') AND asset_id LIKE 'faults-%' GROUP BY 1, 2
        ), bought AS (
          SELECT user_id, asset_id, count(*) AS shares FROM transactions
          WHERE type = 'buy' AND status = 'success' AND asset_id LIKE 'faults-%' GROUP BY 1, 2
        )
        SELECT coalesce(b.user_id, t.user_id)::text AS user_id, coalesce(b.asset_id, t.asset_id) AS asset_id,
          coalesce(b.shares, 0)::text AS ledger, coalesce(t.shares, 0)::text AS bought
        FROM books b FULL JOIN bought t ON t.user_id = b.user_id AND t.asset_id = b.asset_id
        WHERE coalesce(b.shares, 0) <> coalesce(t.shares, 0)`,
    );
    for (const row of shareRows)
      differences.push(
        `shares of ${row.user_id} in ${row.asset_id}: ledger ${row.ledger}, settled purchases ${row.bought}`,
      );
    // Every acknowledged pay-in credited exactly once, with its amount.
    const payInRows = await queryRows(
      db.db,
      sql`SELECT p.idempotency_key AS key, count(*)::int AS postings FROM ledger_postings p
        WHERE p.idempotency_key = ANY(${arrayParam(stats.payInsAcknowledged.map((p) => `psp:${p.transferId}:settle`))}::text[])
        GROUP BY 1`,
    );
    const postingsOf = new Map(payInRows.map((row) => [row.key, row.postings]));
    for (const p of stats.payInsAcknowledged) {
      const n = postingsOf.get(`psp:${p.transferId}:settle`) ?? 0;
      if (n !== 1) differences.push(`pay-in ${p.transferId}: acknowledged, credited ${n} times`);
    }
    // Every acknowledged payout exists once, with one hold of its amount (resolved at most once).
    const payoutRows = await queryRows(
      db.db,
      sql`SELECT t.id::text, t.status, t.amount_cents::text AS amount, count(h.id)::int AS holds
        FROM transactions t LEFT JOIN ledger_holds h ON h.transaction_id = t.id
        WHERE t.type = 'payout' AND t.id = ANY(${arrayParam(stats.payoutsAcknowledged.map((p) => p.transactionId))}::uuid[])
        GROUP BY t.id`,
    );
    const payoutOf = new Map(payoutRows.map((row) => [row.id, row]));
    for (const p of stats.payoutsAcknowledged) {
      const row = payoutOf.get(p.transactionId);
      if (!row) differences.push(`payout ${p.transactionId}: acknowledged, missing`);
      else if (row.holds !== 1 || BigInt(row.amount) !== p.amountCents || !['pending', 'success'].includes(row.status))
        differences.push(`payout ${p.transactionId}: ${row.status}, ${row.holds} holds, ${row.amount} cents`);
    }
    const trades = await checkTrades({
      db: db.db,
      queryRows,
      sql,
      arrayParam,
      investors: loadInvestors,
      checkBulletinBoardInvariants,
    });
    differences.push(...trades.differences);
    const jobsChecked = await checkJobs({ db: db.db, queryRows, sql, arrayParam, holders, jobs });
    differences.push(...jobsChecked.differences);
    const [payInTotal] = await queryRows(
      db.db,
      sql`SELECT count(*)::int AS n FROM ledger_postings WHERE idempotency_key LIKE 'psp:faults-%:settle'`,
    );
    await db.close();

    differences.push(...stats.duplicateAnswersDiffer);
    const slowest = Math.max(...figures.readinessMs);
    const faultsOk = figures.faults.every((f) => f.ok !== false);
    const result = {
      mode: short ? 'short' : `minutes ${minutesArg ?? 0}`,
      rounds: round,
      seconds: Math.round((Date.now() - started) / 1000),
      loadAverage1m: Number(os.loadavg()[0].toFixed(2)),
      purchasesAcknowledged: stats.purchasesAcknowledged.length,
      payInsAcknowledged: stats.payInsAcknowledged.length,
      payInsCreditedInAll: payInTotal.n,
      payoutsAcknowledged: stats.payoutsAcknowledged.length,
      offersAcknowledged: stats.offersAcknowledged.length,
      tradesAcknowledged: stats.tradesAcknowledged.length,
      tradesCompleted: trades.completed,
      refusals: stats.refusals.length,
      jobs: jobsChecked.figures,
      duplicatesSent: stats.duplicatesSent,
      givenUp: stats.givenUp,
      answers: Object.fromEntries([...stats.statuses].sort((a, b) => a[0] - b[0])),
      answers503: stats.outage503,
      answers503NotGerman: stats.outage503NotGerman.length,
      answers500: stats.fiveHundreds.length,
      readinessMs: figures.readinessMs,
      outbox,
      faults: figures.faults,
      differences: differences.length,
    };
    result.ok =
      differences.length === 0 &&
      stats.fiveHundreds.length === 0 &&
      stats.outage503NotGerman.length === 0 &&
      slowest <= READY_LIMIT_MS &&
      faultsOk;
    if (asJson) process.stdout.write(`${JSON.stringify(result)}\n`);
    log('');
    log(`rounds ${result.rounds} in ${result.seconds} s (load average 1 min ${result.loadAverage1m})`);
    log(
      `acknowledged: ${result.purchasesAcknowledged} purchases, ${result.payInsAcknowledged} pay-ins, ` +
        `${result.payoutsAcknowledged} payouts, ${result.offersAcknowledged} sell offers, ` +
        `${result.tradesAcknowledged} trades (${result.tradesCompleted} completed in all) ` +
        `(${result.duplicatesSent} sent twice), ${result.givenUp} operations given up unacknowledged`,
    );
    log(`answers by status: ${JSON.stringify(result.answers)} (0 = no answer while a node restarted its connection)`);
    log(
      `503 answers: ${result.answers503} (${result.answers503NotGerman} without the German text); 500 answers: ${result.answers500}`,
    );
    log(`readiness after each database return: ${result.readinessMs.join(', ')} ms (limit ${READY_LIMIT_MS} ms)`);
    log(
      `jobs: ${result.jobs.payees} payees credited, ${result.jobs.reinvestments} reinvestments, ` +
        `${result.jobs.savingsRuns} savings-plan runs, ${result.jobs.sharesBought} shares bought by them; worker killed with ` +
        (figures.faults
          .find((f) => f.fault === 'worker-kill-in-jobs')
          ?.kills.map((k) => `${k.job} ${k.doneAtKill}/${k.total}`)
          .join(', ') ?? 'no job running'),
    );
    log(`outbox: ${outbox.total} rows, ${outbox.pending} pending, ${outbox.failed} given up`);
    if (stats.givenUpWhat.length > 0) log(`given up: ${stats.givenUpWhat.slice(0, 5).join('; ')}`);
    if (stats.refusals.length > 0) log(`refused (4xx, not retried): ${stats.refusals.slice(0, 5).join('; ')}`);
    log(`${differences.length} differences`);
    for (const line of [...differences, ...stats.fiveHundreds, ...stats.outage503NotGerman].slice(0, 20))
      log(`  ${line}`);
    if (!faultsOk) log(`a fault's check failed: ${JSON.stringify(figures.faults.filter((f) => f.ok === false))}`);
    log(result.ok ? 'test:faults ok' : 'test:faults FAILED');
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    if (mounted) execFileSync('umount', [uploadsDir]);
    for (const stop of processes.reverse()) await stop();
    await redis?.stop();
    try {
      postgres?.stop('fast');
    } catch {
      // already stopped
    }
    fs.rmSync(path.join(dir, 'pg'), { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
