import { STAFF_ROLE_LABELS } from '@bw/contracts';
import type { StaffRole } from '@bw/domain';
import { type EmailBrand, type RenderedEmail, renderLayout } from '../auth/emails/layout.js';

const OPERATOR_BRAND: EmailBrand = {
  partnerName: 'Brickwise Back Office',
  brandColor: '#1f4b99',
  ctaLabelColor: '#ffffff',
};

export const staffInvitationEmail = (displayName: string, role: StaffRole, link: string): RenderedEmail => {
  const heading = 'Deine Einladung ins Back Office';
  const intro = `Hallo ${displayName}, du wurdest mit der Rolle „${STAFF_ROLE_LABELS[role]}“ ins Back Office eingeladen.`;
  const steps =
    'Öffne den Link, scanne den QR-Code mit deiner Authenticator-App, wähle ein Passwort und bestätige mit dem ersten Code. Der Link gilt 72 Stunden und nur einmal.';
  return {
    subject: 'Brickwise Back Office: deine Einladung',
    text: `${heading}\n\n${intro}\n\n${steps}\n\n${link}`,
    html: renderLayout(OPERATOR_BRAND, {
      heading,
      paragraphs: [intro, steps],
      action: { label: 'Einladung annehmen', url: link },
    }),
  };
};
