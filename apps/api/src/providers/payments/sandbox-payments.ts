import { randomUUID } from 'node:crypto';
import { PSP_SIGNATURE_HEADER, PSP_TIMESTAMP_HEADER, type PspEvent } from '@bw/contracts';
import { type Db, pspSandboxPayouts, pspSandboxWallets } from '@bw/db';
import { austrianIban, normalizeIban } from '@bw/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ProviderError } from '../messaging/messaging-provider.js';
import type { IncomingTransfer, PaymentSandbox, PayoutOrder, Wallet } from './payment-provider.js';
import { signWebhook } from './webhook-signature.js';

/** The sandbox bank: a fictitious Austrian bank code and BIC (docs/runbooks/sandbox-providers.md). */
export const SANDBOX_BANK_CODE = '19999';
export const SANDBOX_BIC = 'BWSBATW1XXX';
/** Failures on demand: payouts whose cents end in 66 fail; transfers whose reference contains FAIL are returned. */
export const FAILING_PAYOUT_CENTS = 66n;
export const RETURNED_TRANSFER_MARKER = 'FAIL';
const MAX_WEBHOOK_ATTEMPTS = 10;
const RETRY_BASE_MS = 1_000;
const POLL_MS = 250;
const DELIVERY_TIMEOUT_MS = 10_000;

type QueuedWebhook = { event: PspEvent; dueAtMs: number; attempts: number };

export type SandboxOptions = {
  db: Db;
  secret: string;
  /** Where our webhook route listens; resolved at delivery time (the port is known only after listen). */
  webhookUrl: () => string | null;
  settleDelayMs: number;
  payoutDelayMs: number;
  log: FastifyBaseLogger;
};

export const createSandboxPayments = (options: SandboxOptions): PaymentSandbox => {
  const { db } = options;
  let queue: QueuedWebhook[] = [];
  let timer: NodeJS.Timeout | null = null;
  let delivering: Promise<number> | null = null;

  const enqueue = (event: PspEvent, delayMs: number) => {
    queue.push({ event, dueAtMs: Date.now() + delayMs, attempts: 0 });
  };

  const send = async (item: QueuedWebhook): Promise<'done' | 'retry'> => {
    const url = options.webhookUrl();
    if (!url) return 'retry';
    const body = JSON.stringify(item.event);
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PSP_TIMESTAMP_HEADER]: String(timestamp),
          [PSP_SIGNATURE_HEADER]: signWebhook(options.secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      // Like real providers: 2xx is done, 409 and 5xx are retried later, other 4xx are dropped.
      if (response.ok) return 'done';
      if (response.status === 409 || response.status >= 500) return 'retry';
      options.log.warn({ status: response.status, type: item.event.type }, 'psp sandbox webhook refused');
      return 'done';
    } catch (error) {
      options.log.warn({ err: error, type: item.event.type }, 'psp sandbox webhook failed');
      return 'retry';
    }
  };

  const deliverOnce = async (all: boolean): Promise<number> => {
    let delivered = 0;
    const now = Date.now();
    const due = queue.filter((item) => all || item.dueAtMs <= now);
    queue = queue.filter((item) => !due.includes(item));
    for (const item of due) {
      const outcome = await send(item);
      if (outcome === 'done') {
        delivered += 1;
        continue;
      }
      item.attempts += 1;
      if (item.attempts >= MAX_WEBHOOK_ATTEMPTS) {
        options.log.error({ type: item.event.type }, 'psp sandbox webhook given up');
        continue;
      }
      item.dueAtMs = Date.now() + RETRY_BASE_MS * 2 ** Math.min(item.attempts, 6);
      queue.push(item);
    }
    return delivered;
  };

  const deliverWebhooks = async (deliverOptions: { all?: boolean } = {}): Promise<number> => {
    while (delivering) await delivering;
    const run = (async () => {
      let total = 0;
      // Events queued by the webhooks' own handling (none today) and retried ones get a few more rounds.
      for (let round = 0; round < 3; round += 1) {
        const delivered = await deliverOnce(deliverOptions.all ?? false);
        total += delivered;
        if (!deliverOptions.all || queue.length === 0 || delivered === 0) break;
      }
      return total;
    })();
    delivering = run;
    try {
      return await run;
    } finally {
      delivering = null;
    }
  };

  const openWallet = async ({ externalRef }: { externalRef: string }): Promise<Wallet> => {
    const existing = async () =>
      (await db.select().from(pspSandboxWallets).where(eq(pspSandboxWallets.externalRef, externalRef)))[0];
    const found = await existing();
    if (found) return { walletId: found.walletId, iban: found.iban, bic: found.bic };
    const [next] = (
      (await db.execute(
        sql`SELECT nextval(pg_get_serial_sequence('psp_sandbox_wallets', 'id'))::text AS id`,
      )) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    if (!next) throw new ProviderError('no wallet number', false);
    const id = BigInt(next.id);
    await db
      .insert(pspSandboxWallets)
      .values({
        id,
        walletId: `wal_${randomUUID()}`,
        externalRef,
        iban: austrianIban(SANDBOX_BANK_CODE, 1_000_000_000n + id),
        bic: SANDBOX_BIC,
      })
      .onConflictDoNothing({ target: pspSandboxWallets.externalRef });
    const created = await existing();
    if (!created) throw new ProviderError('wallet not created', false);
    return { walletId: created.walletId, iban: created.iban, bic: created.bic };
  };

  const sendPayout = async (order: PayoutOrder): Promise<void> => {
    const outcome = order.amountCents % 100n === FAILING_PAYOUT_CENTS ? 'failed' : 'succeeded';
    const inserted = await db
      .insert(pspSandboxPayouts)
      .values({ payoutId: order.payoutId, amountCents: order.amountCents, iban: order.iban, outcome })
      .onConflictDoNothing()
      .returning({ payoutId: pspSandboxPayouts.payoutId });
    if (inserted.length === 0) return; // the same payout again: already executed
    enqueue(
      outcome === 'failed'
        ? {
            eventId: `evt_${randomUUID()}`,
            type: 'payout.failed',
            payoutId: order.payoutId,
            reason: 'sandbox: cents 66',
          }
        : { eventId: `evt_${randomUUID()}`, type: 'payout.succeeded', payoutId: order.payoutId },
      options.payoutDelayMs,
    );
  };

  const simulateIncomingTransfer = async (transfer: IncomingTransfer): Promise<{ transferId: string }> => {
    const [wallet] = await db
      .select()
      .from(pspSandboxWallets)
      .where(eq(pspSandboxWallets.iban, normalizeIban(transfer.iban)));
    if (!wallet) throw new ProviderError('unknown IBAN', true);
    const transferId = `trf_${randomUUID()}`;
    enqueue(
      {
        eventId: `evt_${randomUUID()}`,
        type: 'transfer.received',
        transferId,
        walletId: wallet.walletId,
        amount: transfer.amountCents.toString(),
        senderName: transfer.senderName,
        senderIban: normalizeIban(transfer.senderIban),
        reference: transfer.reference,
      },
      0,
    );
    const returned = transfer.reference.toUpperCase().includes(RETURNED_TRANSFER_MARKER);
    enqueue(
      { eventId: `evt_${randomUUID()}`, type: returned ? 'transfer.returned' : 'transfer.settled', transferId },
      options.settleDelayMs,
    );
    return { transferId };
  };

  return {
    openWallet,
    sendPayout,
    simulateIncomingTransfer,
    deliverWebhooks,
    start: () => {
      if (timer) return;
      const tick = () => {
        deliverWebhooks()
          .catch((error: unknown) => options.log.error({ err: error }, 'psp sandbox delivery failed'))
          .finally(() => {
            if (timer) timer = setTimeout(tick, POLL_MS);
          });
      };
      timer = setTimeout(tick, POLL_MS);
    },
    stop: () => {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
};
