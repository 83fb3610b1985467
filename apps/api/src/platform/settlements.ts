import type { SigningRequestView } from '@bw/contracts';
import type { Db } from '@bw/db';
import type { SigningKind } from '@bw/domain';

/**
 * Who settles a signed request (ADR 0057). The table is built where the app is built
 * (`apps/api/src/app.ts`), one entry per signing kind, so the imports there show which module
 * settles a purchase, a trade or a standing order; nothing registers itself when its routes load.
 * Every path that records an outcome (an answer from the app, an expiry, a withdrawal, an approval
 * under a mandate) is handed the app's registry and runs the kind's settlement in its transaction.
 */

export type SigningOutcomeStatus = 'signed' | 'rejected' | 'expired';

export type SigningOutcome = {
  status: SigningOutcomeStatus;
  request: SigningRequestView;
  userId: string;
};

/** Runs in the transaction that records the outcome; throwing rolls the outcome back too. */
export type SigningOutcomeHandler = (tx: Db, outcome: SigningOutcome) => Promise<void>;

/** One entry per kind: its settlement, or `null` where the requesting flow reads the outcome itself. */
export type SettlementTable = { readonly [K in SigningKind]: SigningOutcomeHandler | null };

export type SettlementRegistry = {
  /** Runs the settlement of the outcome's kind in `tx` (nothing for a kind without one). */
  settle(tx: Db, kind: SigningKind, outcome: SigningOutcome): Promise<void>;
  /** Adds a handler to a kind, for a test of the `test` kind; returns its removal. */
  add(kind: SigningKind, handler: SigningOutcomeHandler): () => void;
};

export const createSettlementRegistry = (table: SettlementTable): SettlementRegistry => {
  const handlers = new Map<SigningKind, SigningOutcomeHandler[]>();
  for (const [kind, handler] of Object.entries(table) as [SigningKind, SigningOutcomeHandler | null][])
    if (handler) handlers.set(kind, [handler]);
  return {
    settle: async (tx, kind, outcome) => {
      for (const handler of handlers.get(kind) ?? []) await handler(tx, outcome);
    },
    add: (kind, handler) => {
      handlers.set(kind, [...(handlers.get(kind) ?? []), handler]);
      return () =>
        handlers.set(
          kind,
          (handlers.get(kind) ?? []).filter((h) => h !== handler),
        );
    },
  };
};
