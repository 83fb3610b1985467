import type { CreatePartnerBody, PartnerAdminView, UpdatePartnerBody } from '@bw/contracts';
import { createPartnerBody } from '@bw/contracts';
import { type Db, partners, queryRows } from '@bw/db';
import { unreadableColorPairs } from '@bw/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';
import { type Actor, writeAudit } from '../../../platform/audit.js';
import { listPartners, toAppConfig } from '../partners.repo.js';

type PartnerRow = typeof partners.$inferSelect;

const toView = (row: PartnerRow, investors: number): PartnerAdminView => {
  const { appId, partnerId, name, colors, appIcon, featureFlags, introSlides, appURL, webAppURL } = toAppConfig(row);
  return {
    ...{ appId, partnerId, name, colors, appIcon, featureFlags, introSlides, appURL, webAppURL },
    imprint: row.imprint,
    supportEmail: row.supportEmail,
    supportPhone: row.supportPhone,
    legalProviders: toAppConfig(row).legalProviders,
    isDefault: row.isDefault,
    referral: {
      referrerBonusCents: row.referralReferrerBonusCents.toString(),
      refereeBonusCents: row.referralRefereeBonusCents.toString(),
      minimumInvestmentCents: row.referralMinimumInvestmentCents.toString(),
      budgetCents: row.referralBudgetCents?.toString() ?? null,
      paidCents: row.referralPaidCents.toString(),
    },
    investors,
    updatedAt: row.updatedAt.toISOString(),
  };
};

const investorCounts = async (db: Db): Promise<Map<string, number>> => {
  const rows = await queryRows<{ partner_id: string; count: number }>(
    db,
    sql`SELECT partner_id, count(*)::int AS count FROM users WHERE role = 'user' GROUP BY partner_id`,
  );
  return new Map(rows.map((row) => [row.partner_id, row.count]));
};

/** Every partner (white-label tenant) with its number of investors. */
export const listPartnersForStaff = async (db: Db): Promise<PartnerAdminView[]> => {
  const [rows, counts] = await Promise.all([listPartners(db), investorCounts(db)]);
  return rows.map((row) => toView(row, counts.get(row.partnerId) ?? 0));
};

/**
 * Changes a partner's look, flags, intro slides, imprint and contacts. The investors' app reads its
 * configuration on each start, so the change shows at the next open. Body text colours must be
 * readable (WCAG AA); the web address may belong to one partner only (it finds the partner).
 */
export const updatePartner = (
  db: Db,
  actor: Actor,
  appId: string,
  input: UpdatePartnerBody,
): Promise<PartnerAdminView> =>
  db.transaction(async (tx) => {
    // Locked: a referral paid meanwhile cannot push its sum past a budget checked here.
    const [before] = await tx.select().from(partners).where(eq(partners.appId, appId)).for('update');
    if (!before) throw new AppError('PARTNER_NOT_FOUND');
    if (unreadableColorPairs(input.colors).length > 0) throw new AppError('PARTNER_COLORS_UNREADABLE');
    const [clash] = await tx
      .select({ appId: partners.appId })
      .from(partners)
      .where(and(eq(partners.webAppUrl, input.webAppURL), ne(partners.appId, appId)));
    if (clash)
      throw new AppError('VALIDATION_FAILED', { webAppURL: 'Diese Adresse gehört schon einem anderen Partner.' });
    const referral = input.referral && {
      referralReferrerBonusCents: BigInt(input.referral.referrerBonusCents),
      referralRefereeBonusCents: BigInt(input.referral.refereeBonusCents),
      referralMinimumInvestmentCents: BigInt(input.referral.minimumInvestmentCents),
      referralBudgetCents: input.referral.budgetCents === null ? null : BigInt(input.referral.budgetCents),
    };
    // Paid bonuses stay paid: a budget below them would be a lie (the row lock above keeps this true).
    if (referral?.referralBudgetCents != null && referral.referralBudgetCents < before.referralPaidCents)
      throw new AppError('VALIDATION_FAILED', {
        'referral.budgetCents': 'Das Budget darf nicht unter den schon ausgezahlten Boni liegen.',
      });
    const [after] = await tx
      .update(partners)
      .set({
        name: input.name,
        colors: input.colors,
        appIcon: input.appIcon,
        featureFlags: input.featureFlags,
        introSlides: input.introSlides,
        webAppUrl: input.webAppURL,
        imprint: input.imprint,
        supportEmail: input.supportEmail,
        supportPhone: input.supportPhone,
        ...(input.legalProviders && { legalProviders: input.legalProviders }),
        ...referral,
        updatedAt: new Date(),
      })
      .where(eq(partners.appId, appId))
      .returning();
    if (!after) throw new AppError('PARTNER_NOT_FOUND');
    await writeAudit(tx, actor, { action: 'partner.update', targetType: 'partner', targetId: appId, before, after });
    return toView(after, (await investorCounts(tx)).get(after.partnerId) ?? 0);
  });

/**
 * A new partner (white-label tenant): look, flags, slides, app identities, fees and referral terms.
 * The app id is the key (409 when taken, also in a race); readable colours and a web address of its
 * own as when editing; a new default partner takes that role from the old one. The demo seed makes
 * its partners through this operation too.
 */
export const createPartner = (db: Db, actor: Actor, body: CreatePartnerBody): Promise<PartnerAdminView> =>
  db.transaction(async (tx) => {
    const input = createPartnerBody.parse(body);
    if (unreadableColorPairs(input.colors).length > 0) throw new AppError('PARTNER_COLORS_UNREADABLE');
    const [clash] = await tx
      .select({ appId: partners.appId })
      .from(partners)
      .where(eq(partners.webAppUrl, input.webAppURL));
    if (clash)
      throw new AppError('VALIDATION_FAILED', { webAppURL: 'Diese Adresse gehört schon einem anderen Partner.' });
    if (input.isDefault) await tx.update(partners).set({ isDefault: false }).where(eq(partners.isDefault, true));
    const [created] = await tx
      .insert(partners)
      .values({
        appId: input.appId,
        partnerId: input.partnerId,
        name: input.name,
        colors: input.colors,
        appIcon: input.appIcon,
        featureFlags: input.featureFlags,
        introSlides: input.introSlides,
        appUrl: input.appURL,
        webAppUrl: input.webAppURL,
        domainUriPrefix: input.domainUriPrefix,
        androidPackageName: input.androidPackageName,
        iosBundleId: input.iosBundleId,
        appStoreId: input.appStoreId,
        transactionFeeBps: input.transactionFeeBps,
        brokerageFeeBps: input.brokerageFeeBps,
        imprint: input.imprint,
        supportEmail: input.supportEmail,
        supportPhone: input.supportPhone,
        legalProviders: input.legalProviders ?? null,
        isDefault: input.isDefault,
        sortOrder: input.sortOrder,
        ...(input.referral && {
          referralReferrerBonusCents: BigInt(input.referral.referrerBonusCents),
          referralRefereeBonusCents: BigInt(input.referral.refereeBonusCents),
          referralMinimumInvestmentCents: BigInt(input.referral.minimumInvestmentCents),
          referralBudgetCents: input.referral.budgetCents === null ? null : BigInt(input.referral.budgetCents),
        }),
      })
      // The app id is the key: a taken one (also in a race) inserts nothing and answers 409.
      .onConflictDoNothing()
      .returning();
    if (!created) throw new AppError('PARTNER_TAKEN');
    await writeAudit(tx, actor, {
      action: 'partner.create',
      targetType: 'partner',
      targetId: created.appId,
      after: created,
    });
    return toView(created, 0);
  });
