import { PARTNER_HEADER } from '@bw/contracts';
import type { Db } from '@bw/db';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.js';
import { findDefaultPartner, findPartnerByAppId, findPartnerByPartnerId } from '../partners.repo.js';

const PARTNER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * The partner a request speaks for: the `x-partner-id` header (partner id or app id), else the
 * default partner (spec section 6: "A partner id is sent as a header on some requests").
 */
export const resolvePartner = async (db: Db, request: FastifyRequest) => {
  const header = request.headers[PARTNER_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  if (value !== undefined) {
    if (!PARTNER_ID_PATTERN.test(value)) throw new AppError('PARTNER_NOT_FOUND');
    const row = (await findPartnerByPartnerId(db, value)) ?? (await findPartnerByAppId(db, value));
    if (!row) throw new AppError('PARTNER_NOT_FOUND');
    return row;
  }
  const fallback = await findDefaultPartner(db);
  if (!fallback) throw new AppError('PARTNER_NOT_FOUND');
  return fallback;
};

/**
 * The partner id the `x-partner-id` header names, or undefined when there is none or it names no
 * partner. Login prefers that partner's account of an address (ADR 0035) but never fails on the header.
 */
export const requestedPartnerId = async (db: Db, request: FastifyRequest): Promise<string | undefined> => {
  if (request.headers[PARTNER_HEADER] === undefined) return undefined;
  try {
    return (await resolvePartner(db, request)).partnerId;
  } catch {
    return undefined;
  }
};
