/**
 * Modules publish realtime events through this bus (spec section 4): `update` to one user after
 * anything that changes that user's data, `update_assets` to everyone.
 */
export type EventBus = {
  publishUserUpdate(email: string, reason: string): void;
  publishAssetsUpdate(assetIds: string[]): void;
  /** A named event with a payload to one user's sockets (issue 23: `notification` with the unread count). */
  publishUserEvent(email: string, event: string, payload: Record<string, unknown>): void;
};

export const userRoom = (email: string): string => `user:${email.trim().toLowerCase()}`;
