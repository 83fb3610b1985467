import type { ScreenKey } from '../../../config/paths';

/**
 * Spec section 2: a holding opens on its kind's investment screen: the builder-owner model on
 * building-investment, everything else on investment (power-plant portfolio and partner screens
 * share the same view).
 */
export const investmentScreenOf = (securityType: string): ScreenKey =>
  securityType === 'participationRightEquityBuilderOwner' ? 'buildingInvestment' : 'investment';
