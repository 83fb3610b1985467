import { randomUUID } from 'node:crypto';
import { PSP_SIGNATURE_HEADER, PSP_TIMESTAMP_HEADER, type PspEvent } from '@bw/contracts';
import { type Db, pspSandboxPayouts, pspSandboxWallets, pspSandboxWebhooks, queryRows } from '@bw/db';
import { austrianIban, normalizeIban } from '@bw/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ProviderError } from '../messaging/messaging-provider.js';
import type { IncomingTransfer, PaymentSandbox, PayoutOrder, PayoutStatus, Wallet } from './payment-provider.js';
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

/** How long a claimed webhook stays with the node that claimed it before another may send it. */
const CLAIM_LEASE_MS = 30_000;
const DELIVERY_BATCH = 100;

type QueuedWebhook = { id: bigint; event: PspEvent; attempts: number };

export type SandboxOptions = {
  db: Db;
  secret: string;
  /** Where our webhook route listens; resolved at delivery time (the port is known only after listen). */
  webhookUrl: () => string | null;
  settleDelayMs: number;
  payoutDelayMs: number;
  log: FastifyBaseLogger;
};

/**
 * The sandbox PSP. Its outgoing webhooks are rows of `psp_sandbox_webhooks` (issue 18), like a
 * real provider's durable queue: a crash or a restart loses none, and of several API nodes each
 * webhook is claimed by one at a time (one UPDATE ... RETURNING with SKIP LOCKED).
 */
export const createSandboxPayments = (options: SandboxOptions): PaymentSandbox => {
  const { db } = options;
  let timer: NodeJS.Timeout | null = null;
  let delivering: Promise<number> | null = null;

  const enqueue = async (tx: Db, event: PspEvent, delayMs: number): Promise<void> => {
    await tx.insert(pspSandboxWebhooks).values({ event, dueAt: new Date(Date.now() + delayMs) });
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

  /** Claims the due webhooks (all open ones with `all`) for a lease, in one statement. */
  const claimDue = async (all: boolean): Promise<QueuedWebhook[]> => {
    const now = new Date();
    const rows = await queryRows<{ id: string; event: PspEvent; attempts: number }>(
      db,
      sql`UPDATE psp_sandbox_webhooks SET due_at = ${new Date(now.getTime() + CLAIM_LEASE_MS).toISOString()}::timestamptz
          WHERE id IN (
            SELECT id FROM psp_sandbox_webhooks
            WHERE delivered_at IS NULL AND given_up_at IS NULL
              AND (${all} OR due_at <= ${now.toISOString()}::timestamptz)
            ORDER BY id LIMIT ${DELIVERY_BATCH} FOR UPDATE SKIP LOCKED)
          RETURNING id, event, attempts`,
    );
    return rows
      .map((row) => ({ id: BigInt(row.id), event: row.event, attempts: Number(row.attempts) }))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
  };

  const deliverOnce = async (all: boolean): Promise<number> => {
    let delivered = 0;
    for (const item of await claimDue(all)) {
      const outcome = await send(item);
      if (outcome === 'done') {
        delivered += 1;
        await db.update(pspSandboxWebhooks).set({ deliveredAt: new Date() }).where(eq(pspSandboxWebhooks.id, item.id));
        continue;
      }
      const attempts = item.attempts + 1;
      if (attempts >= MAX_WEBHOOK_ATTEMPTS) {
        options.log.error({ type: item.event.type }, 'psp sandbox webhook given up');
        await db
          .update(pspSandboxWebhooks)
          .set({ attempts, givenUpAt: new Date() })
          .where(eq(pspSandboxWebhooks.id, item.id));
        continue;
      }
      const dueAt = new Date(Date.now() + RETRY_BASE_MS * 2 ** Math.min(attempts, 6));
      await db.update(pspSandboxWebhooks).set({ attempts, dueAt }).where(eq(pspSandboxWebhooks.id, item.id));
    }
    return delivered;
  };

  const openWebhooks = async (): Promise<number> =>
    (
      await queryRows<{ open: number }>(
        db,
        sql`SELECT count(*)::int AS open FROM psp_sandbox_webhooks WHERE delivered_at IS NULL AND given_up_at IS NULL`,
      )
    )[0]?.open ?? 0;

  const deliverWebhooks = async (deliverOptions: { all?: boolean } = {}): Promise<number> => {
    while (delivering) await delivering;
    const run = (async () => {
      let total = 0;
      // Events queued by the webhooks' own handling (none today) and retried ones get a few more rounds.
      for (let round = 0; round < 3; round += 1) {
        const delivered = await deliverOnce(deliverOptions.all ?? false);
        total += delivered;
        if (!deliverOptions.all || delivered === 0 || (await openWebhooks()) === 0) break;
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
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(pspSandboxPayouts)
        .values({ payoutId: order.payoutId, amountCents: order.amountCents, iban: order.iban, outcome })
        .onConflictDoNothing()
        .returning({ payoutId: pspSandboxPayouts.payoutId });
      if (inserted.length === 0) return; // the same payout again: already executed
      await enqueue(
        tx,
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
    });
  };

  /** What the provider knows of a payout: executed payouts are final once their delay passed. */
  const payoutStatus = async (payoutId: string): Promise<PayoutStatus> => {
    const [row] = await db.select().from(pspSandboxPayouts).where(eq(pspSandboxPayouts.payoutId, payoutId));
    if (!row) return { state: 'unknown' };
    if (row.createdAt.getTime() + options.payoutDelayMs > Date.now()) return { state: 'pending' };
    return row.outcome === 'failed' ? { state: 'failed', reason: 'sandbox: cents 66' } : { state: 'succeeded' };
  };

  const simulateIncomingTransfer = async (transfer: IncomingTransfer): Promise<{ transferId: string }> => {
    const [wallet] = await db
      .select()
      .from(pspSandboxWallets)
      .where(eq(pspSandboxWallets.iban, normalizeIban(transfer.iban)));
    if (!wallet) throw new ProviderError('unknown IBAN', true);
    const transferId = `trf_${randomUUID()}`;
    const returned = transfer.reference.toUpperCase().includes(RETURNED_TRANSFER_MARKER);
    await db.transaction(async (tx) => {
      await enqueue(
        tx,
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
      await enqueue(
        tx,
        { eventId: `evt_${randomUUID()}`, type: returned ? 'transfer.returned' : 'transfer.settled', transferId },
        options.settleDelayMs,
      );
    });
    return { transferId };
  };

  const simulateIncomeTransfer = async (transfer: {
    reference: string;
    amountCents: bigint;
    senderName: string;
  }): Promise<{ transferId: string }> => {
    const transferId = `trf_${randomUUID()}`;
    await enqueue(
      db,
      {
        eventId: `evt_${randomUUID()}`,
        type: 'income.received',
        transferId,
        amount: transfer.amountCents.toString(),
        senderName: transfer.senderName,
        reference: transfer.reference,
      },
      options.settleDelayMs,
    );
    return { transferId };
  };

  return {
    openWallet,
    sendPayout,
    payoutStatus,
    simulateIncomingTransfer,
    simulateIncomeTransfer,
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
