import type { UserWithOnboarding } from '@bw/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { grantCampaignBonuses } from '../../bonuses/campaigns.js';
import { toUserWithOnboarding } from '../../users/user-view.js';
import { findUserById } from '../../users/users.repo.js';
import { findCurrentSignature, setUserStatus } from '../identification.repo.js';
import { REALTIME_REASON } from '../identification-context.js';
import { missingActivationSteps } from './get-identification-state.js';

/**
 * `POST /api/v2/user/activate` (spec section 4: "Account activation is a separate call"): a
 * verified user with personal information, every agreement accepted and signed becomes active.
 * Calling it again when active changes nothing.
 */
export const activateUser = async (app: FastifyInstance, userId: string): Promise<UserWithOnboarding> => {
  const user = await findUserById(app.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.status !== 'active') {
    const missing = await missingActivationSteps(app.db, user, await findCurrentSignature(app.db, userId));
    if (missing.length > 0) {
      throw new AppError(
        'ACTIVATION_STEPS_MISSING',
        Object.fromEntries(missing.map((step) => [step, 'Dieser Schritt fehlt noch.'])),
      );
    }
    await setUserStatus(app.db, userId, 'active', ['verified']);
    // A start campaign that ran when the investor registered grants its bonus now (once).
    await grantCampaignBonuses(app.db, { userId, kind: 'startBonus', now: new Date() });
    app.bus.publishUserUpdate(user.email, REALTIME_REASON);
  }
  const updated = await findUserById(app.db, userId);
  if (!updated) throw new AppError('UNAUTHENTICATED');
  return toUserWithOnboarding(app.db, updated);
};
