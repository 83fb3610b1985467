/**
 * Spec section 4, bulletin-board buy offer progress and private sale: a private trade walks
 * these steps in order; the buyer pays the seller directly, outside the platform (ADR 0008).
 */
export const privateTradeSteps = [
  'contactDetails',
  'sellerAcceptance',
  'payment',
  'buyerRelease',
  'signing',
  'finalRelease',
  'completed',
] as const;
export type PrivateTradeStep = (typeof privateTradeSteps)[number];

export type TradeRole = 'buyer' | 'seller';

/**
 * Who completes each step. contactDetails: the buyer has contacted the seller; sellerAcceptance:
 * the seller accepts the buyer; payment: the seller confirms the buyer's direct payment arrived
 * ("seller approves after payment"); buyerRelease: the buyer approves; signing: both sign in the
 * security app (the server advances it when both signatures are in); finalRelease: the seller
 * releases the shares, which transfers them and debits the brokerage fee.
 */
export const privateTradeStepActor: Readonly<Record<PrivateTradeStep, TradeRole | 'both' | null>> = {
  contactDetails: 'buyer',
  sellerAcceptance: 'seller',
  payment: 'seller',
  buyerRelease: 'buyer',
  signing: 'both',
  finalRelease: 'seller',
  completed: null,
};

export const nextPrivateTradeStep = (step: PrivateTradeStep): PrivateTradeStep | null => {
  const index = privateTradeSteps.indexOf(step);
  return privateTradeSteps[index + 1] ?? null;
};

export type PrivateStepRefusal = 'not-current-step' | 'not-your-step';

/**
 * May `role` confirm `step` while the trade is at `current`? Signing is confirmed by the signatures
 * themselves, never by a call.
 */
export const privateStepRefusal = (
  current: PrivateTradeStep,
  step: PrivateTradeStep,
  role: TradeRole,
): PrivateStepRefusal | null => {
  if (current !== step) return 'not-current-step';
  const actor = privateTradeStepActor[step];
  if (actor !== role) return 'not-your-step';
  return null;
};

/** The steps as the offer-overview screens show them: done, current or open. */
export const privateTradeProgress = (
  current: PrivateTradeStep,
): { step: PrivateTradeStep; state: 'done' | 'current' | 'open' }[] => {
  const at = privateTradeSteps.indexOf(current);
  return privateTradeSteps.map((step, index) => ({
    step,
    state: index < at || current === 'completed' ? 'done' : index === at ? 'current' : 'open',
  }));
};
