import { z } from 'zod';

/** An affiliate partner with what it brought (issue 25): registrations, verified investors, investments. */
export const affiliateRow = z.object({
  id: z.string(),
  name: z.string(),
  partnerId: z.string(),
  url: z.string(),
  registrations: z.number().int(),
  verified: z.number().int(),
  investors: z.number().int(),
  investedCents: z.string(),
  createdAt: z.string(),
});
export type AffiliateRow = z.infer<typeof affiliateRow>;

export const createAffiliateBody = z.object({
  id: z
    .string()
    .trim()
    .min(3, 'Mindestens 3 Zeichen.')
    .max(64)
    .regex(/^[a-z0-9-]+$/, 'Nur Kleinbuchstaben, Ziffern und Bindestriche.'),
  name: z.string().trim().min(2, 'Bitte gib einen Namen an.').max(120),
  partnerId: z.string().trim().min(1).max(64),
});
export type CreateAffiliateBody = z.infer<typeof createAffiliateBody>;
