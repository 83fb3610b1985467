import type { Transaction } from '@bw/contracts';
import { displayTransaction, parseCents, type ViewTransaction } from '@bw/domain';

export type DisplayedTransaction = { readonly type: Transaction['type']; readonly amountCents: bigint };

/**
 * Spec section 4 through the shared rules of `@bw/domain` (a buy shown less its bonus, a buy received
 * from another user shown as a sale less twice the fee). The wire names the parties, not their user
 * ids, so only the rules that need no ids can apply here.
 */
export const displayedTransaction = (userId: string, transaction: Transaction): DisplayedTransaction => {
  const view: ViewTransaction = {
    transactionId: transaction.transactionId,
    assetId: transaction.assetId,
    type: transaction.type,
    status: transaction.status,
    amountCents: parseCents(transaction.amount),
    feeCents: parseCents(transaction.fee.amount),
    bonusCents: parseCents(transaction.bonus.amount),
    senderUserId: null,
    receiverUserId: null,
    paymentInformation: transaction.paymentInformation,
  };
  const shown = displayTransaction(userId, view);
  return { type: shown.type, amountCents: shown.amountCents };
};
