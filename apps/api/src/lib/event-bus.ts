/**
 * Modules publish realtime events through this bus (spec section 4): `update` to one user after
 * anything that changes that user's data, `update_assets` to everyone.
 */
export type EventBus = {
  publishUserUpdate(email: string, reason: string): void;
  publishAssetsUpdate(assetIds: string[]): void;
};

export const userRoom = (email: string): string => `user:${email.trim().toLowerCase()}`;
