/**
 * Primary market, bonuses and the builder-owner model (issue 9); merged into `errorCatalog` in
 * errors.ts. The INVESTMENT_ refusals of the trade rules answer every buy path alike (ADR 0040).
 */
export const primaryMarketErrors = {
  INVESTMENT_NOT_VERIFIED: { status: 403 },
  INVESTMENT_NOT_IN_FINANCING_PHASE: { status: 409 },
  INVESTMENT_SHARES_NOT_AVAILABLE: { status: 409 },
  INVESTMENT_BELOW_MINIMUM_SUBSCRIPTION: { status: 400 },
  INVESTMENT_PERSONAL_DATA_REQUIRED: { status: 409 },
  INVESTMENT_RESIDENCE_NOT_ALLOWED: { status: 403 },
  /** Spec section 5, word for word. */
  INVESTMENT_UNDERAGE: { status: 403 },
  INVESTMENT_GERMAN_TAX_ID_REQUIRED: { status: 409 },
  INVESTMENT_CHURCH_TAX_ANSWER_REQUIRED: { status: 409 },
  INVESTMENT_AUSTRIAN_TAX_ID_REQUIRED: { status: 409 },
  INVESTMENT_5K_CONFIRMATION_REQUIRED: { status: 409 },
  INVESTMENT_APPROPRIATENESS_CONFIRMATION_REQUIRED: { status: 409 },
  INVESTMENT_INSUFFICIENT_FUNDS: { status: 409 },
  INVESTMENT_NOT_FOUND: { status: 404 },
  INVESTMENT_NOT_CANCELABLE: { status: 409 },
  INVESTMENT_NOT_BUILDER_OWNER: { status: 409 },
  REFERRAL_NOT_VERIFIED: { status: 403 },
  REFERRAL_DISABLED: { status: 404 },
  REFERRAL_SELF: { status: 409 },
  AFFILIATE_NOT_FOUND: { status: 404 },
  AFFILIATE_ID_TAKEN: { status: 409 },
  BONUS_CODE_NOT_FOUND: { status: 404 },
  BONUS_CODE_EXPIRED: { status: 410 },
  BONUS_CODE_USED_UP: { status: 409 },
  BONUS_CODE_ALREADY_REDEEMED: { status: 409 },
  BONUS_CODES_DISABLED: { status: 404 },
  NOTARY_APPOINTMENT_NOT_FOUND: { status: 404 },
  NOTARY_APPOINTMENT_FULL: { status: 409 },
  PREORDER_NOT_POSSIBLE: { status: 409 },
  MANUAL_INVESTMENT_SIGNATURES_REQUIRED: { status: 400 },
} as const;
