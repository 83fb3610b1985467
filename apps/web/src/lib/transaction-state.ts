import type { Transaction } from '@bw/contracts';
import { isIncomingMovement } from '@bw/domain';

/**
 * Spec section 3: the statuses of a transaction, plus the two the client derives (paymentMissing,
 * notaryMissing) for purchases that wait for the buyer's money or the notary's documents.
 */
export type ClientTransactionStatus = Transaction['status'] | 'paymentMissing' | 'notaryMissing';

/**
 * Spec section 4, "transaction list states shown to users": canceled offer, in progress, waiting for
 * notary documents, payment outstanding, waiting for deposit (pending bank wire), completed; plus the
 * endings the statuses also have (canceled, failed, refunded). Keys of `account.states` in the catalog.
 */
export const transactionStates = [
  'canceledOffer',
  'inProgress',
  'notaryMissing',
  'paymentMissing',
  'waitingForDeposit',
  'completed',
  'canceled',
  'failed',
  'refunded',
] as const;
export type TransactionState = (typeof transactionStates)[number];

/** How a state is drawn: still moving, done, or stopped. */
export type StateTone = 'pending' | 'success' | 'neutral' | 'danger';

const BANK_TRANSFER_METHODS: ReadonlySet<Transaction['method']> = new Set(['bankWire', 'transfer']);
const OPEN_STATUSES: ReadonlySet<ClientTransactionStatus> = new Set(['init', 'pending', 'reserved', 'charged']);

/** The one place that turns a transaction's type, status and method into what the user reads. */
export const transactionState = (
  transaction: Pick<Transaction, 'type' | 'method'> & { readonly status: ClientTransactionStatus },
): TransactionState => {
  switch (transaction.status) {
    case 'canceledOffer':
      return 'canceledOffer';
    case 'notaryMissing':
      return 'notaryMissing';
    case 'paymentMissing':
      return 'paymentMissing';
    case 'success':
      return 'completed';
    case 'canceled':
      return 'canceled';
    case 'error':
      return 'failed';
    case 'refund':
      return 'refunded';
    default:
      // init, pending, reserved, charged: a bank wire coming in waits for the deposit; the rest is in progress.
      return transaction.type === 'charge' &&
        BANK_TRANSFER_METHODS.has(transaction.method) &&
        OPEN_STATUSES.has(transaction.status)
        ? 'waitingForDeposit'
        : 'inProgress';
  }
};

const TONES: Readonly<Record<TransactionState, StateTone>> = {
  canceledOffer: 'neutral',
  inProgress: 'pending',
  notaryMissing: 'pending',
  paymentMissing: 'pending',
  waitingForDeposit: 'pending',
  completed: 'success',
  canceled: 'neutral',
  failed: 'danger',
  refunded: 'neutral',
};

export const stateTone = (state: TransactionState): StateTone => TONES[state];

/**
 * Money into the payment account is shown with "+", money out with "−" (the wire amount is always
 * positive): the direction `balanceEffectCents` of `@bw/domain` gives the balance.
 */
export const isIncoming = (type: Transaction['type']): boolean => isIncomingMovement(type);
