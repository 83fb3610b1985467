import { z } from 'zod';

/** Spec section 4: the client announces its e-mail and socket id; the server pushes `update` and `update_assets`. */
export const realtimeEvents = {
  announce: 'announce',
  update: 'update',
  updateAssets: 'update_assets',
} as const;

export const announcePayload = z.object({ email: z.string().email().max(254), socketId: z.string().max(64) });
export type AnnouncePayload = z.infer<typeof announcePayload>;

export const updatePayload = z.object({ reason: z.string().max(64) });
export type UpdatePayload = z.infer<typeof updatePayload>;

export const updateAssetsPayload = z.object({ assetIds: z.array(z.string()).max(1000) });
export type UpdateAssetsPayload = z.infer<typeof updateAssetsPayload>;

export const socketConnection = z.object({
  url: z.string(),
  path: z.string(),
  transports: z.array(z.enum(['websocket', 'polling'])),
});
export type SocketConnection = z.infer<typeof socketConnection>;
