import type { AppConfig, MapSettings } from '@bw/contracts';
import type { Db } from '@bw/db';
import { AppError } from '../../../lib/app-error.js';
import { findPartnerByAppId, listPartners, toAppConfig } from '../partners.repo.js';

export const getAppConfig = async (db: Db, appId: string, map: MapSettings | null = null): Promise<AppConfig> => {
  const row = await findPartnerByAppId(db, appId);
  if (!row) throw new AppError('PARTNER_NOT_FOUND');
  return toAppConfig(row, map);
};

export const listAppConfigs = async (db: Db, map: MapSettings | null = null): Promise<AppConfig[]> =>
  (await listPartners(db)).map((row) => toAppConfig(row, map));

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** A web app finds its partner by its own origin (spec section 7, `appConfig/webAppUrl`). */
export const getAppConfigByWebAppUrl = async (
  db: Db,
  webAppUrl: string,
  map: MapSettings | null = null,
): Promise<AppConfig> => {
  const origin = originOf(webAppUrl);
  if (!origin) throw new AppError('VALIDATION_FAILED', { 'querystring.webAppURL': 'Keine gültige Adresse.' });
  const match = (await listPartners(db)).find((row) => originOf(row.webAppUrl) === origin);
  if (!match) throw new AppError('PARTNER_NOT_FOUND');
  return toAppConfig(match, map);
};
