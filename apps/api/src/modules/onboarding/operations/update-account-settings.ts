import { randomUUID } from 'node:crypto';
import type {
  ComplianceInformationBody,
  UpdateChurchTaxBody,
  UpdateIbanBody,
  UpdateMarketingNewsletterBody,
  UpdateTaxIdBody,
  UserWithOnboarding,
} from '@bw/contracts';
import {
  isAustrianTaxNumber,
  isValidGermanTaxId,
  isValidIban,
  normalizeGermanTaxId,
  normalizeIban,
  onboardingMessages,
} from '@bw/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import type { SessionUser } from '../../../plugins/session-user.js';
import { notifyInvestor } from '../../notifications/investor-events.js';
import { updateUser } from '../../users/users.repo.js';
import {
  findPersonalInformation,
  lockPersonalInformation,
  upsertPersonalInformation,
  upsertTaxId,
} from '../onboarding.repo.js';
import { respondWithUser } from './respond-with-user.js';

/** Tax IDs of other countries: letters, digits and the usual separators. */
const OTHER_TAX_ID = /^[A-Za-z0-9][A-Za-z0-9 ./-]{3,30}$/;

/** The tax ID as stored, or null when it is not valid for its country (spec section 5: 'Ungültig'). */
const normalizeTaxId = (country: string, taxId: string): string | null => {
  const text = taxId.trim();
  if (country === 'DE') return isValidGermanTaxId(text) ? normalizeGermanTaxId(text) : null;
  if (country === 'AT') return isAustrianTaxNumber(text) ? text.replace(/[\s/-]/g, '') : null;
  return OTHER_TAX_ID.test(text) ? text : null;
};

/** `PUT /api/v2/user/account/taxId {taxId,country}`: one tax ID per country, replaced when given again. */
export const updateTaxId = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: UpdateTaxIdBody,
): Promise<UserWithOnboarding> => {
  const taxId = normalizeTaxId(body.country, body.taxId);
  if (taxId === null) throw new AppError('TAX_ID_INVALID', { 'body.taxId': onboardingMessages.taxIdInvalid });
  await upsertTaxId(app.db, sessionUser.userId, body.country, taxId);
  return respondWithUser(app, sessionUser, 'account');
};

/**
 * `PUT /api/v2/user/account/churchTax {hasChurchTax, churchTaxState?}`: the church-membership answer for
 * German products and the federal state whose rate (8 % or 9 %) the distributions withhold (ADR 0030).
 * A member without a state would be withheld no Kirchensteuer at all, so a yes needs one.
 */
export const updateChurchTax = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: UpdateChurchTaxBody,
): Promise<UserWithOnboarding> => {
  if (body.hasChurchTax && !body.churchTaxState) {
    const stored = await findPersonalInformation(app.db, sessionUser.userId);
    if (!stored?.churchTaxState) throw new AppError('CHURCH_TAX_STATE_REQUIRED');
  }
  await upsertPersonalInformation(app.db, sessionUser.userId, {
    hasChurchTax: body.hasChurchTax,
    ...(body.churchTaxState ? { churchTaxState: body.churchTaxState } : {}),
  });
  return respondWithUser(app, sessionUser, 'account');
};

/** `PUT /api/v2/user/account/marketingNewsletter`. */
export const updateMarketingNewsletter = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: UpdateMarketingNewsletterBody,
): Promise<UserWithOnboarding> => {
  await updateUser(app.db, sessionUser.userId, { marketingNewsletter: body.marketingNewsletter });
  return respondWithUser(app, sessionUser, 'account');
};

/** `POST /api/v1/user/complianceInformation {PEP}`: the politically-exposed-person answer. */
export const saveComplianceInformation = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: ComplianceInformationBody,
): Promise<UserWithOnboarding> => {
  await upsertPersonalInformation(app.db, sessionUser.userId, { pep: body.PEP });
  return respondWithUser(app, sessionUser, 'complianceInformation');
};

/**
 * `PUT /api/v2/user/account/iban {iban,VAT}`: the user's own bank account must be a valid IBAN
 * (spec section 5); `VAT` is the small-business-owner answer, kept when not sent. A change of a
 * stated answer is confirmed in the inbox (type `vat`, issue 35); the first answer in the
 * onboarding is no change.
 */
export const updateIban = async (
  app: FastifyInstance,
  sessionUser: SessionUser,
  body: UpdateIbanBody,
): Promise<UserWithOnboarding> => {
  if (!isValidIban(body.iban)) throw new AppError('IBAN_INVALID', { 'body.iban': onboardingMessages.ibanInvalid });
  const { userId } = sessionUser;
  await app.db.transaction(async (tx) => {
    const before = await lockPersonalInformation(tx, userId);
    await upsertPersonalInformation(tx, userId, {
      iban: normalizeIban(body.iban),
      ...(body.VAT === undefined ? {} : { vat: body.VAT }),
    });
    if (body.VAT == null || before?.vat == null || before.vat === body.VAT) return;
    await notifyInvestor(tx, app.outbox, {
      kind: 'vat.changed',
      userId,
      key: randomUUID(),
      smallBusinessOwner: body.VAT,
    });
  });
  return respondWithUser(app, sessionUser, 'account');
};
