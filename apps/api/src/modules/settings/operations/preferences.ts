import type { UpdateAnalyticsBody, UserSettingsView } from '@bw/contracts';
import { analyticsEvents, complianceLogs, type Db } from '@bw/db';
import { eq } from 'drizzle-orm';
import { findMarketingData, findPreferences, upsertPreferences } from '../settings.repo.js';
import { deletionView } from './deletion.js';

/** `GET /api/v2/user/settings`: analytics consent, financial advisor and an open deletion. */
export const getSettings = async (db: Db, userId: string): Promise<UserSettingsView> => {
  const [preferences, marketing, deletion] = await Promise.all([
    findPreferences(db, userId),
    findMarketingData(db, userId),
    deletionView(db, userId),
  ]);
  return {
    analytics: preferences?.analyticsConsent ?? null,
    financialAdvisor: marketing ? { kind: marketing.financialAdvisorKind, name: marketing.financialAdvisorName } : null,
    deletion,
  };
};

/** `PUT /api/v2/user/analytics`: a no deletes the events kept so far. */
export const updateAnalytics = async (db: Db, userId: string, body: UpdateAnalyticsBody): Promise<UserSettingsView> => {
  await db.transaction(async (tx) => {
    await upsertPreferences(tx, userId, {
      analyticsConsent: body.analytics,
      analyticsConsentAt: new Date(),
    });
    if (!body.analytics) await tx.delete(analyticsEvents).where(eq(analyticsEvents.userId, userId));
  });
  return getSettings(db, userId);
};

/** `POST /api/v1/utils/analyticsEvent`: kept only with the user's consent; otherwise dropped (recorded: false). */
export const recordAnalyticsEvent = async (
  db: Db,
  userId: string,
  body: { name: string; properties?: Record<string, unknown> | undefined },
): Promise<{ recorded: boolean }> => {
  const preferences = await findPreferences(db, userId);
  if (preferences?.analyticsConsent !== true) return { recorded: false };
  await db.insert(analyticsEvents).values({ userId, name: body.name, properties: body.properties ?? {} });
  return { recorded: true };
};

/** `POST /api/v1/utils/complianceLog`: always kept (legal record), with the caller's address. */
export const recordComplianceLog = async (
  db: Db,
  userId: string,
  body: { action: string; deviceMetaData: Record<string, unknown>; timestamp: string },
  ipAddress: string,
): Promise<{ recorded: boolean }> => {
  await db.insert(complianceLogs).values({
    userId,
    action: body.action,
    deviceMetaData: body.deviceMetaData,
    clientTimestamp: new Date(body.timestamp),
    ipAddress,
  });
  return { recorded: true };
};
