/**
 * The signing protocol of the security app (docs/security-app-protocol.md, ADR 0007): what a
 * signing request states, and the exact bytes an Ed25519 key signs. Pure: no I/O, no crypto.
 */

/** Domain separation: a signature over one protocol version never verifies in another. */
export const SIGNING_PROTOCOL = 'brickwise.signing.v1';

/**
 * What a request approves (spec sections 1, 2, 4). `mandate`: a standing reinvestment mandate (ADR
 * 0034). `test` exists only outside production.
 */
export const signingKinds = [
  'trade',
  'offer',
  'agreement',
  'payout',
  'mandate',
  'savingsPlan',
  'autoInvest',
  'test',
] as const;
export type SigningKind = (typeof signingKinds)[number];

export const signingRequestStatuses = ['pending', 'signed', 'rejected', 'expired'] as const;
export type SigningRequestStatus = (typeof signingRequestStatuses)[number];

/** Spec section 3/4: the security app's status on the user. */
export const securityAppStatuses = ['new', 'active', 'disconnected'] as const;
export type SecurityAppStatus = (typeof securityAppStatuses)[number];

/**
 * The business fields a caller may put into a request. Every value is a string: integers
 * (shares, cents) as decimal digits, so no float and no number formatting enters the bytes.
 */
export const signingDetailKeys = [
  'assetId',
  'assetName',
  'sharesCount',
  'priceCents',
  'amountCents',
  'feeCents',
  'counterparty',
  'payee',
  'description',
] as const;
export type SigningDetailKey = (typeof signingDetailKeys)[number];
export type SigningDetails = Partial<Record<SigningDetailKey, string>>;

const INTEGER_KEYS: ReadonlySet<SigningDetailKey> = new Set(['sharesCount', 'priceCents', 'amountCents', 'feeCents']);
const INTEGER_TEXT = /^(0|[1-9][0-9]{0,17})$/;
/** Limits: a payload is read on a phone screen and signed whole. */
export const SIGNING_DETAIL_MAX_LENGTH = 200;

/** The fields the server adds around the details; the app shows them and signs them too. */
export type SigningEnvelope = SigningDetails & {
  protocol: typeof SIGNING_PROTOCOL;
  kind: SigningKind;
  requestId: string;
  userId: string;
  nonce: string;
  /** ISO 8601 UTC with milliseconds, e.g. 2026-05-04T10:15:00.000Z. */
  expiresAt: string;
};

/** Why a details object is refused, or null when it is fine. */
export const signingDetailsProblem = (details: Readonly<Record<string, unknown>>): string | null => {
  for (const [key, value] of Object.entries(details)) {
    if (!(signingDetailKeys as readonly string[]).includes(key)) return `unknown field ${key}`;
    if (typeof value !== 'string') return `${key} must be a string`;
    if (value.length === 0 || value.length > SIGNING_DETAIL_MAX_LENGTH) return `${key} has a bad length`;
    if (INTEGER_KEYS.has(key as SigningDetailKey) && !INTEGER_TEXT.test(value))
      return `${key} must be a non-negative integer in decimal digits`;
  }
  return null;
};

/**
 * The canonical serialisation: JSON of a flat object of strings, keys sorted by UTF-16 code
 * units (JavaScript's default sort), no whitespace. The signature covers the UTF-8 bytes of
 * exactly this text; anyone can rebuild it from the fields and compare.
 */
export const canonicalSigningPayload = (fields: Readonly<Record<string, string>>): string => {
  const keys = Object.keys(fields).sort();
  const parts = keys.map((key) => `${JSON.stringify(key)}:${JSON.stringify(fields[key])}`);
  return `{${parts.join(',')}}`;
};

/** Parses a canonical payload back into its fields; null when it is not one. */
export const parseCanonicalSigningPayload = (text: string): Record<string, string> | null => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') return null;
    fields[key] = value;
  }
  return canonicalSigningPayload(fields) === text ? fields : null;
};

/** German labels for the human-readable view of a request (security app, CLI, docs). */
export const signingDetailLabels: Readonly<Record<SigningDetailKey, string>> = {
  assetId: 'Objekt-ID',
  assetName: 'Objekt',
  sharesCount: 'Anteile',
  priceCents: 'Preis je Anteil',
  amountCents: 'Betrag',
  feeCents: 'Gebühr',
  counterparty: 'Gegenpartei',
  payee: 'Empfänger',
  description: 'Beschreibung',
};

/**
 * What each kind approves, when the request names nothing more precise. `trade` is a purchase from
 * the issuer (the only path that asks it); buys and sells between investors are `offer`s, and
 * their description says which one (see `signingRequestTitle`).
 */
export const signingKindLabels: Readonly<Record<SigningKind, string>> = {
  trade: 'Kauf',
  offer: 'Angebot',
  agreement: 'Vertrag',
  payout: 'Auszahlung',
  mandate: 'Dauerauftrag Wiederanlage',
  savingsPlan: 'Dauerauftrag Sparplan',
  autoInvest: 'Dauerauftrag Auto-Invest',
  test: 'Test-Signatur',
};

/** Integer cents as German euro text ("1.234,56 €"), without floats. */
export const formatSigningCents = (cents: string): string => {
  const padded = cents.padStart(3, '0');
  const euros = padded.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${euros},${padded.slice(-2)} €`;
};

/**
 * The heading of a request (issue 34): its description, which names the one that applies ("Kauf
 * vom Emittenten", "Verkauf an ein Kaufangebot", "Kaufangebot (privat)"), else the kind's label.
 */
export const signingRequestTitle = (kind: SigningKind, details: SigningDetails): string =>
  details.description ?? signingKindLabels[kind];

/**
 * The lines a person reads before approving: label and value, in a fixed order. The asset by its
 * name (its ID only when the request carries no name); the description is the heading
 * (`signingRequestTitle`), not a line. The signed payload keeps every field.
 */
export const describeSigningDetails = (details: SigningDetails): { label: string; value: string }[] =>
  signingDetailKeys.flatMap((key) => {
    const value = details[key];
    if (value === undefined || key === 'description') return [];
    if (key === 'assetId' && details.assetName !== undefined) return [];
    const shown = key.endsWith('Cents') ? formatSigningCents(value) : value;
    return [{ label: signingDetailLabels[key], value: shown }];
  });
