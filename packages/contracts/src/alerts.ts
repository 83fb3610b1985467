import { z } from 'zod';
import { assetId } from './assets.js';

/** Alerts (issue 40): price crosses a level, a sell offer at or below a price, a new financing phase. */
const cents = z.string().regex(/^[1-9]\d{0,11}$/, 'Preis in Cent, größer als 0');
const list = z.array(z.string().min(1).max(60)).max(20).optional();

export const alertBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('price'), assetId, priceCents: cents, direction: z.enum(['above', 'below']) }),
  z.strictObject({ kind: z.literal('offer'), assetId, priceCents: cents }),
  z.strictObject({
    kind: z.literal('financing'),
    filters: z.strictObject({ securityTypes: list, objectTypes: list, countryCodes: list }),
  }),
]);
export type AlertBody = z.infer<typeof alertBody>;

export const alertView = z.object({
  id: z.uuid(),
  kind: z.enum(['price', 'offer', 'financing']),
  assetId: z.string().nullable(),
  assetTitle: z.string().nullable(),
  priceCents: z.string().nullable(),
  direction: z.enum(['above', 'below']).nullable(),
  filters: z
    .object({
      securityTypes: z.array(z.string()).optional(),
      objectTypes: z.array(z.string()).optional(),
      countryCodes: z.array(z.string()).optional(),
    })
    .nullable(),
  lastNotifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AlertView = z.infer<typeof alertView>;

export const alertParams = z.strictObject({ alertId: z.uuid() });

export const alertErrors = {
  ALERT_NOT_FOUND: { status: 404 },
  ALERT_LIMIT_REACHED: { status: 409 },
} as const;
