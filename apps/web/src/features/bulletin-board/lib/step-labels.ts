import type { PrivateTradeStep } from '@bw/domain';

/** Catalog keys of the private-trade steps (spec section 4, bulletin-board buy offer progress). */
export const stepLabel = {
  contactDetails: 'bulletinBoard.stepContactDetails',
  sellerAcceptance: 'bulletinBoard.stepSellerAcceptance',
  payment: 'bulletinBoard.stepPayment',
  buyerRelease: 'bulletinBoard.stepBuyerRelease',
  signing: 'bulletinBoard.stepSigning',
  finalRelease: 'bulletinBoard.stepFinalRelease',
  completed: 'bulletinBoard.stepCompleted',
} as const satisfies Record<PrivateTradeStep, string>;
