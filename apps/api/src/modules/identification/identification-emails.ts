import type { Db } from '@bw/db';
import type { FastifyInstance } from 'fastify';
import { publicUrl } from '../../config.js';
import { type EmailBrand, type RenderedEmail, renderLayout } from '../auth/emails/layout.js';
import { brandOf, queueAccountEmail } from '../auth/emails/send-account-email.js';
import { notifyInvestor } from '../notifications/investor-events.js';

export type CheckedOutcome = 'verified' | 'retry' | 'failed';

/** Spec section 4: a pending user is informed by e-mail once the identification is checked. */
const identificationCheckedEmail = (
  brand: EmailBrand,
  outcome: CheckedOutcome,
  link: string,
  reason?: string,
): RenderedEmail => {
  const texts: Record<CheckedOutcome, { heading: string; intro: string; action: string }> = {
    verified: {
      heading: 'Deine Identität ist bestätigt',
      intro: `Deine Identifizierung bei ${brand.partnerName} war erfolgreich. Unterschreibe jetzt noch die Vereinbarungen, dann kannst du investieren.`,
      action: 'Weiter zur App',
    },
    retry: {
      heading: 'Bitte wiederhole deine Identifizierung',
      intro:
        'Bei der Überprüfung deiner Daten ist etwas schiefgelaufen, zum Beispiel war ein Foto nicht gut lesbar. Bitte versuche es nochmal.',
      action: 'Identifizierung wiederholen',
    },
    failed: {
      heading: 'Deine Identifizierung war nicht erfolgreich',
      intro:
        'Wir konnten deine Identität leider nicht bestätigen. Bitte melde dich bei unserem Support, wir helfen dir weiter.',
      action: 'Zur Identifizierung',
    },
  };
  const text = texts[outcome];
  // A manual review's reason (issue 21) is part of the message.
  const paragraphs = reason ? [text.intro, `Begründung: ${reason}`] : [text.intro];
  return {
    subject: `${brand.partnerName}: ${text.heading}`,
    text: `${text.heading}\n\n${paragraphs.join('\n\n')}\n\n${link}`,
    html: renderLayout(brand, {
      heading: text.heading,
      paragraphs,
      action: { label: text.action, url: link },
    }),
  };
};

/** Queues the e-mail in the caller's transaction; the key makes a webhook replay send nothing twice. */
export const queueIdentificationCheckedEmail = async (
  app: FastifyInstance,
  tx: Db,
  input: { key: string; to: string; partnerId: string; outcome: CheckedOutcome; reason?: string },
): Promise<void> => {
  const brand = await brandOf(tx, input.partnerId);
  const link = `${publicUrl(app.config)}/mobileWeb/identification`;
  await queueAccountEmail(
    app,
    tx,
    input.key,
    input.to,
    identificationCheckedEmail(brand, input.outcome, link, input.reason),
  );
};

/**
 * The one way a verdict on an identification reaches the investor, whoever gives it (the
 * provider's webhook or a compliance officer's review, issue 35): the e-mail spec section 4 asks
 * for and one inbox entry, both in the verdict's transaction and both keyed by the verdict.
 */
export const announceIdentificationVerdict = async (
  app: FastifyInstance,
  tx: Db,
  input: {
    key: string;
    user: { id: string; email: string; partnerId: string };
    outcome: CheckedOutcome;
    reason?: string;
  },
): Promise<void> => {
  const { key, user, outcome, reason } = input;
  await queueIdentificationCheckedEmail(app, tx, {
    key,
    to: user.email,
    partnerId: user.partnerId,
    outcome,
    ...(reason ? { reason } : {}),
  });
  await notifyInvestor(tx, app.outbox, {
    kind: 'identification.decided',
    userId: user.id,
    key,
    outcome,
    ...(reason ? { reason } : {}),
  });
};
