import { type EmailBrand, type RenderedEmail, renderLayout } from './layout.js';

/** German texts, informal "du" (docs/style.md). Links point at the web routes of spec section 2. */
export const verificationEmail = (brand: EmailBrand, link: string): RenderedEmail => {
  const heading = 'Bestätige deine E-Mail-Adresse';
  const intro = `Schön, dass du dich bei ${brand.partnerName} registrierst! Bitte bestätige deine E-Mail-Adresse, damit du weitermachen kannst.`;
  const note = 'Der Link gilt 24 Stunden. Wenn du dich nicht registriert hast, kannst du diese E-Mail ignorieren.';
  return {
    subject: `${brand.partnerName}: Bestätige deine E-Mail-Adresse`,
    text: `${heading}\n\n${intro}\n\n${link}\n\n${note}`,
    html: renderLayout(brand, {
      heading,
      paragraphs: [intro, note],
      action: { label: 'E-Mail bestätigen', url: link },
    }),
  };
};

export const passwordResetEmail = (brand: EmailBrand, code: string, link: string): RenderedEmail => {
  const heading = 'Dein Code zum Zurücksetzen des Passworts';
  const intro = 'Gib diesen Code in der App ein, um ein neues Passwort festzulegen. Oder öffne den Link unten.';
  const note =
    'Der Code gilt 15 Minuten und nur einmal. Wenn du das nicht angefordert hast, ignoriere diese E-Mail: dein Passwort bleibt, wie es ist.';
  return {
    subject: `${brand.partnerName}: Dein Code ${code}`,
    text: `${heading}\n\nCode: ${code}\n\n${intro}\n\n${link}\n\n${note}`,
    html: renderLayout(brand, {
      heading,
      code,
      paragraphs: [intro, note],
      action: { label: 'Neues Passwort festlegen', url: link },
    }),
  };
};

export const loginLinkEmail = (brand: EmailBrand, link: string): RenderedEmail => {
  const heading = 'Dein Anmeldelink';
  const intro = `Mit diesem Link meldest du dich bei ${brand.partnerName} an. Er gilt 15 Minuten und nur einmal.`;
  const note = 'Wenn du das nicht angefordert hast, ignoriere diese E-Mail.';
  return {
    subject: `${brand.partnerName}: Dein Anmeldelink`,
    text: `${heading}\n\n${intro}\n\n${link}\n\n${note}`,
    html: renderLayout(brand, { heading, paragraphs: [intro, note], action: { label: 'Jetzt anmelden', url: link } }),
  };
};

export const passwordChangedEmail = (brand: EmailBrand): RenderedEmail => {
  const heading = 'Dein Passwort wurde geändert';
  const intro = 'Dein Passwort wurde soeben geändert, und alle anderen Sitzungen wurden abgemeldet.';
  const note = 'Warst du das nicht? Dann setze dein Passwort sofort zurück und melde dich bei unserem Support.';
  return {
    subject: `${brand.partnerName}: Dein Passwort wurde geändert`,
    text: `${heading}\n\n${intro}\n\n${note}`,
    html: renderLayout(brand, { heading, paragraphs: [intro, note] }),
  };
};
