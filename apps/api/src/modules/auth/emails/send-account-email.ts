import type { Db } from '@bw/db';
import type { FastifyInstance } from 'fastify';
import { findPartnerByPartnerId } from '../../partners/partners.repo.js';
import type { EmailBrand, RenderedEmail } from './layout.js';

const FALLBACK_BRAND: EmailBrand = { partnerName: 'Brickwise', brandColor: '#0f766e', ctaLabelColor: '#ffffff' };

export const brandOf = async (db: Db, partnerId: string): Promise<EmailBrand> => {
  const partner = await findPartnerByPartnerId(db, partnerId);
  if (!partner) return FALLBACK_BRAND;
  return { partnerName: partner.name, brandColor: partner.colors.brand, ctaLabelColor: partner.colors.ctaLabel };
};

/** Queues the e-mail in the caller's transaction (transactional outbox, ADR 0002). */
export const queueAccountEmail = async (
  app: FastifyInstance,
  tx: Db,
  key: string,
  to: string,
  email: RenderedEmail,
): Promise<void> => {
  await app.outbox.enqueue(tx, 'notifications.send-email', key, { to, ...email });
};
