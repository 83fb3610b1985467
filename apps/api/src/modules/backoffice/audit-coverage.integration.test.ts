import { type AdminRouteKey, adminPermissions } from '@bw/contracts';
import {
  assets,
  auditLog,
  bonusCampaigns,
  forumMessages,
  identityVerifications,
  payoutReviews,
  primaryPurchases,
  reconciliationCases,
  transactions,
  users,
} from '@bw/db';
import { periodContaining } from '@bw/domain';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hold } from '../../ledger/ledger.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { samplePvAsset } from '../assets/admin/assets-admin.test-support.js';
import { createLoggedInUser, type LoggedIn } from '../auth/auth.test-support.js';
import { currentMonth, giveShares, incomeBody, receiveIncome } from '../distributions/distributions.test-support.js';
import { DISTRIBUTION_SCHEDULER, proposeDistribution } from '../distributions/operations/distribution-proposals.js';
import { multipart, PDF, PNG } from '../identification/identification.test-support.js';
import { createStaffSession, newPartner, type StaffLoggedIn } from './backoffice.test-support.js';

/**
 * Issue 21, "must show": every staff change appears in the audit log. The cases are typed by the
 * permission table: a new changing admin route does not compile until it has a case here, and each
 * case checks that its own request (by request id) wrote one audit row with the expected action.
 */
const currentQuarter = () => periodContaining('quarterly', new Date().toISOString().slice(0, 10)).key;
type ChangingRoute = Exclude<AdminRouteKey, `GET ${string}`>;
type Context = {
  operator: StaffLoggedIn;
  compliance: StaffLoggedIn;
  other: StaffLoggedIn;
  investor: LoggedIn;
  assetId: string;
  state: Record<string, string>;
};
type Case = (ctx: Context) => Promise<{ request: InjectOptions; action: string; actor: StaffLoggedIn }>;

const P = '/admin/api/v1';
const json = (method: InjectOptions['method'], url: string, who: StaffLoggedIn, payload?: object): InjectOptions => ({
  method,
  url,
  headers: who.headers,
  ...(payload ? { payload } : {}),
});
const upload = (url: string, who: StaffLoggedIn, bytes: Buffer, contentType: string): InjectOptions => {
  const body = multipart(bytes, { contentType });
  return { method: 'POST', url, headers: { ...who.headers, ...body.headers }, payload: body.payload };
};
const fieldsOf = (body: ReturnType<typeof samplePvAsset>) => {
  const { id: _id, templateId: _templateId, ...fields } = body;
  return fields;
};

const bonusCode = (code: string) => ({
  code,
  partnerId: null,
  title: 'Herbstaktion',
  amountCents: '2500',
  applicability: 'primaryMarket',
  minimumInvestmentCents: '10000',
  validUntil: null,
  maxRedemptions: 100,
  budgetCents: '250000',
});

const cases: Record<ChangingRoute, Case> = {
  'POST /admin/api/v1/staff': async (c) => ({
    request: json('POST', `${P}/staff`, c.operator, {
      email: `audit-${Date.now()}@operator.example`,
      displayName: 'Ida Invite',
      role: 'support',
    }),
    action: 'staff.invite',
    actor: c.operator,
  }),
  'POST /admin/api/v1/staff/:id/invitation': async (c) => {
    const invited = await fetchJson(
      json('POST', `${P}/staff`, c.operator, {
        email: `audit2-${Date.now()}@operator.example`,
        displayName: 'Rita Resend',
        role: 'support',
      }),
    );
    return {
      request: json('POST', `${P}/staff/${invited.staff.id}/invitation`, c.operator),
      action: 'staff.invitation.resend',
      actor: c.operator,
    };
  },
  'PATCH /admin/api/v1/staff/:id': async (c) => ({
    request: json('PATCH', `${P}/staff/${c.other.staffId}`, c.operator, { role: 'auditor' }),
    action: 'staff.update',
    actor: c.operator,
  }),
  'POST /admin/api/v1/assets': async (c) => ({
    request: json('POST', `${P}/assets`, c.compliance, samplePvAsset({ id: c.assetId })),
    action: 'asset.create',
    actor: c.compliance,
  }),
  'PUT /admin/api/v1/assets/:id': async (c) => ({
    request: json('PUT', `${P}/assets/${c.assetId}`, c.compliance, { ...fieldsOf(samplePvAsset()), totalShares: 1500 }),
    action: 'asset.update',
    actor: c.compliance,
  }),
  'POST /admin/api/v1/assets/:id/images': async (c) => ({
    request: upload(`${P}/assets/${c.assetId}/images`, c.compliance, PNG, 'image/png'),
    action: 'asset.image.add',
    actor: c.compliance,
  }),
  'DELETE /admin/api/v1/assets/:id/images/:fileId': async (c) => {
    const view = await fetchJson(upload(`${P}/assets/${c.assetId}/images`, c.compliance, PNG, 'image/png'));
    const imageId = view.imageFiles.at(-1).id as string;
    return {
      request: json('DELETE', `${P}/assets/${c.assetId}/images/${imageId}`, c.compliance),
      action: 'asset.image.remove',
      actor: c.compliance,
    };
  },
  'POST /admin/api/v1/assets/:id/documents': async (c) => ({
    request: {
      ...upload(`${P}/assets/${c.assetId}/documents`, c.compliance, PDF, 'application/pdf'),
      query: { kind: 'expose', title: 'Exposé', fileName: 'expose.pdf' },
    },
    action: 'asset.document.add',
    actor: c.compliance,
  }),
  'DELETE /admin/api/v1/assets/:id/documents/:fileId': async (c) => {
    const view = await fetchJson({
      ...upload(`${P}/assets/${c.assetId}/documents`, c.compliance, PDF, 'application/pdf'),
      query: { kind: 'other', title: 'Entwurf', fileName: 'entwurf.pdf' },
    });
    const documentId = view.documents.at(-1).id as string;
    return {
      request: json('DELETE', `${P}/assets/${c.assetId}/documents/${documentId}`, c.compliance),
      action: 'asset.document.remove',
      actor: c.compliance,
    };
  },
  'POST /admin/api/v1/assets/:id/records': async (c) => ({
    request: json('POST', `${P}/assets/${c.assetId}/records`, c.compliance, {
      recordedOn: '2026-11-01',
      kind: 'news',
      title: 'Baubeginn',
      body: 'Die Montage beginnt.',
    }),
    action: 'asset.record.add',
    actor: c.compliance,
  }),
  'POST /admin/api/v1/assets/:id/notary-dates': async (c) => {
    const id = `${c.assetId}-bo`;
    await fetchJson(
      json(
        'POST',
        `${P}/assets`,
        c.compliance,
        samplePvAsset({
          id,
          templateKind: 'builderOwnerModel',
          securityType: 'participationRightEquityBuilderOwner',
          objectType: 'residential',
          propertyType: 'apartmentBuilding',
          powerPlantType: null,
        }),
      ),
    );
    return {
      request: json('POST', `${P}/assets/${id}/notary-dates`, c.compliance, {
        startsAt: new Date(Date.now() + 86_400_000 * 5).toISOString(),
        location: 'Notariat Linz',
        capacity: 4,
      }),
      action: 'asset.notaryDate.add',
      actor: c.compliance,
    };
  },
  'PUT /admin/api/v1/assets/:id/financing-end': async (c) => ({
    request: json('PUT', `${P}/assets/${c.assetId}/financing-end`, c.compliance, { financingEndsOn: '2027-06-30' }),
    action: 'asset.financing.extend',
    actor: c.compliance,
  }),
  'POST /admin/api/v1/assets/:id/outside-placements': async (c) => ({
    request: json('POST', `${P}/assets/${c.assetId}/outside-placements`, c.operator, {
      shares: 10,
      reason: 'Platzierung beim Emittenten',
    }),
    action: 'asset.outsidePlacement',
    actor: c.operator,
  }),
  'POST /admin/api/v1/assets/:id/history': async (c) => ({
    request: json('POST', `${P}/assets/${c.assetId}/history`, c.compliance, {
      pricePoints: [{ tradedAt: '2026-01-15T10:00:00.000Z', pricePerShareCents: '10400', sharesCount: 3 }],
      production: [{ producedOn: '2026-01-15', producedKwh: 812 }],
    }),
    action: 'asset.history.import',
    actor: c.compliance,
  }),
  'PUT /admin/api/v1/assets/:id/ranking': async (c) => ({
    request: json('PUT', `${P}/assets/${c.assetId}/ranking`, c.compliance, { forcedRanking: 10 }),
    action: 'asset.ranking',
    actor: c.compliance,
  }),
  'POST /admin/api/v1/assets/:id/lifecycle': async (c) => ({
    request: json('POST', `${P}/assets/${c.assetId}/lifecycle`, c.compliance, { action: 'submitForReview' }),
    action: 'asset.submitForReview',
    actor: c.compliance,
  }),
  'POST /admin/api/v1/asset-templates': async (c) => ({
    request: json('POST', `${P}/asset-templates`, c.operator, {
      name: 'Speicher Standard',
      kind: 'powerPlant',
      description: 'Batteriespeicher',
      defaults: { powerPlantType: 'storage' },
    }),
    action: 'assetTemplate.create',
    actor: c.operator,
  }),
  'PUT /admin/api/v1/asset-templates/:id': async (c) => {
    const template = await fetchJson(
      json('POST', `${P}/asset-templates`, c.operator, {
        name: 'Wind Standard',
        kind: 'powerPlant',
        description: 'Windrad',
        defaults: {},
      }),
    );
    return {
      request: json('PUT', `${P}/asset-templates/${template.id}`, c.operator, {
        name: 'Wind Standard 2',
        kind: 'powerPlant',
        description: 'Windrad',
        defaults: { powerPlantType: 'wind' },
      }),
      action: 'assetTemplate.update',
      actor: c.operator,
    };
  },
  'POST /admin/api/v1/investors/:id/lock': async (c) => ({
    request: json('POST', `${P}/investors/${c.investor.userId}/lock`, c.compliance, { reason: 'Prüfung läuft.' }),
    action: 'investor.lock',
    actor: c.compliance,
  }),
  'POST /admin/api/v1/investors/:id/unlock': async (c) => ({
    request: json('POST', `${P}/investors/${c.investor.userId}/unlock`, c.compliance, {
      reason: 'Prüfung abgeschlossen.',
    }),
    action: 'investor.unlock',
    actor: c.compliance,
  }),
  'POST /admin/api/v1/investors/:id/emails': async (c) => {
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: `unconfirmed-${Date.now()}@example.at` },
      remoteAddress: '10.77.0.1',
    });
    return {
      request: json('POST', `${P}/investors/${fresh.json().data.userId}/emails`, c.compliance, {
        kind: 'verification',
      }),
      action: 'investor.email.verification',
      actor: c.compliance,
    };
  },
  'POST /admin/api/v1/investors/:id/messages': async (c) => ({
    request: json('POST', `${P}/investors/${c.investor.userId}/messages`, c.compliance, {
      title: 'Rückfrage',
      body: 'Bitte melde dich bei uns.',
    }),
    action: 'investor.message',
    actor: c.compliance,
  }),
  'POST /admin/api/v1/identifications/:id/decision': async (c) => {
    // A flagged case as the sandbox provider leaves it (the webhook path is covered in investors-admin.integration.test.ts).
    const [row] = await t.app.db
      .insert(identityVerifications)
      .values({
        userId: c.investor.userId,
        provider: 'docident',
        providerRef: `audit-${Date.now()}`,
        status: 'manualCheck',
        identityCheck: 'pending',
        submittedAt: new Date(),
      })
      .returning({ id: identityVerifications.id });
    return {
      request: json('POST', `${P}/identifications/${row?.id}/decision`, c.compliance, {
        decision: 'approve',
        reason: 'Passt.',
      }),
      action: 'identification.approve',
      actor: c.compliance,
    };
  },
  'POST /admin/api/v1/partners': async (c) => ({
    request: json('POST', `${P}/partners`, c.operator, newPartner(`audit-${process.pid}`)),
    action: 'partner.create',
    actor: c.operator,
  }),
  'PUT /admin/api/v1/partners/:appId': async (c) => {
    const [partner] = await fetchJson(json('GET', `${P}/partners`, c.operator));
    const { appId, partnerId: _p, appURL: _a, isDefault: _d, investors: _i, updatedAt: _u, ...body } = partner;
    return {
      request: json('PUT', `${P}/partners/${appId}`, c.operator, { ...body, supportPhone: '+43 1 234 56 78' }),
      action: 'partner.update',
      actor: c.operator,
    };
  },
  'POST /admin/api/v1/bonus-codes': async (c) => ({
    request: json('POST', `${P}/bonus-codes`, c.operator, bonusCode(`AUDIT-${process.pid}`)),
    action: 'bonusCode.create',
    actor: c.operator,
  }),
  'POST /admin/api/v1/bonus-codes/:code/disable': async (c) => {
    await fetchJson(json('POST', `${P}/bonus-codes`, c.operator, bonusCode(`AUDIT-END-${process.pid}`)));
    return {
      request: json('POST', `${P}/bonus-codes/AUDIT-END-${process.pid}/disable`, c.operator),
      action: 'bonusCode.disable',
      actor: c.operator,
    };
  },
  'POST /admin/api/v1/bonus-campaigns': async (c) => ({
    request: json('POST', `${P}/bonus-campaigns`, c.operator, await campaign(c, 'startBonus')),
    action: 'bonusCampaign.create',
    actor: c.operator,
  }),
  'POST /admin/api/v1/bonus-campaigns/:id/disable': async (c) => {
    const created = await fetchJson(
      json('POST', `${P}/bonus-campaigns`, c.operator, await campaign(c, 'appStoreRating')),
    );
    return {
      request: json('POST', `${P}/bonus-campaigns/${created.id}/disable`, c.operator),
      action: 'bonusCampaign.disable',
      actor: c.operator,
    };
  },
  'POST /admin/api/v1/bonus-campaigns/:id/settle': async (c) => {
    const created = await fetchJson(json('POST', `${P}/bonus-campaigns`, c.operator, await campaign(c, 'birthday')));
    // The promotion ended yesterday (moved back in time for the test).
    await t.app.db
      .update(bonusCampaigns)
      .set({ validFrom: new Date(Date.now() - 10 * 86_400_000), validUntil: new Date(Date.now() - 86_400_000) })
      .where(eq(bonusCampaigns.id, created.id));
    return {
      request: json('POST', `${P}/bonus-campaigns/${created.id}/settle`, c.operator),
      action: 'bonusCampaign.settle',
      actor: c.operator,
    };
  },
  'POST /admin/api/v1/corrections': async (c) => ({
    request: json('POST', `${P}/corrections`, c.operator, {
      userId: c.investor.userId,
      direction: 'credit',
      amountCents: '500',
      reason: 'Gutschrift wegen doppelt belasteter Gebühr.',
      idempotencyKey: `audit-correction-${Date.now()}`,
    }),
    action: 'ledger.correction',
    actor: c.operator,
  }),
  'POST /admin/api/v1/provider-reconciliation-cases/:id/resolve': async (c) => {
    // A difference as the daily reconciliation opens it (issue 38).
    const [row] = await t.app.db
      .insert(reconciliationCases)
      .values({
        runDay: '2026-12-01',
        walletRef: `user_cash:${c.investor.userId}`,
        providerWalletId: 'wallet-audit',
        userId: c.investor.userId,
        ledgerCents: 10_000n,
        providerCents: 10_123n,
        differenceCents: 123n,
      })
      .returning();
    return {
      request: json('POST', `${P}/provider-reconciliation-cases/${row?.id}/resolve`, c.operator, {
        note: 'Gebühr der Bank, mit Mangopay geklärt.',
      }),
      action: 'reconciliation_case.resolve',
      actor: c.operator,
    };
  },
  'PUT /admin/api/v1/payouts/threshold': async (c) => ({
    request: json('PUT', `${P}/payouts/threshold`, c.operator, { thresholdCents: '400000' }),
    action: 'payout.threshold',
    actor: c.operator,
  }),
  'POST /admin/api/v1/payouts/:id/decision': async (c) => {
    // A confirmed payout above the threshold as the payout confirmation leaves it: cash held, review waiting.
    await fetchJson(
      json('POST', `${P}/corrections`, c.operator, {
        userId: c.investor.userId,
        direction: 'credit',
        amountCents: '600000',
        reason: 'Guthaben für den Auszahlungsfall',
        idempotencyKey: `audit-payout-funds-${Date.now()}`,
      }),
    );
    const id = await t.app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(transactions)
        .values({
          userId: c.investor.userId,
          type: 'payout',
          status: 'pending',
          method: 'transfer',
          amountCents: 500_000n,
        })
        .returning({ id: transactions.id });
      if (!row) throw new Error('no payout row');
      const held = await hold(tx, {
        key: `payout:${row.id}:hold`,
        account: { kind: 'user_cash', userId: c.investor.userId },
        amount: 500_000n,
        transactionId: row.id,
      });
      await tx.update(transactions).set({ holdId: held.holdId }).where(eq(transactions.id, row.id));
      await tx.insert(payoutReviews).values({ transactionId: row.id, amountCents: 500_000n });
      return row.id;
    });
    return {
      request: json('POST', `${P}/payouts/${id}/decision`, c.compliance, {
        decision: 'reject',
        reason: 'Empfänger unklar.',
      }),
      action: 'payout.reject',
      actor: c.compliance,
    };
  },
  'POST /admin/api/v1/bank-wires/:id/events': async (c) => {
    // A builder-owner purchase waiting for its documents, as the purchase leaves it.
    const [asset] = await t.app.db.select({ id: assets.id }).from(assets).limit(1);
    const [row] = await t.app.db
      .insert(transactions)
      .values({
        userId: c.investor.userId,
        assetId: asset?.id,
        type: 'buy',
        status: 'reserved',
        method: 'bankWire',
        amountCents: 10_000n,
      })
      .returning({ id: transactions.id });
    await t.app.db.insert(primaryPurchases).values({
      transactionId: row?.id ?? '',
      userId: c.investor.userId,
      assetId: asset?.id ?? '',
      status: 'awaitingPayment',
      method: 'bankWire',
      shares: 1,
      pricePerShareCents: 10_000n,
      amountCents: 10_000n,
      feeCents: 0n,
      bonusCents: 0n,
      signingRequestId: crypto.randomUUID(),
      appropriatenessRating: 'Appropriate',
      paymentReference: `BW-AUDIT-${Date.now()}`,
    });
    return {
      request: json('POST', `${P}/bank-wires/${row?.id}/events`, c.compliance, { event: 'notaryDocumentsReceived' }),
      action: 'purchase.notaryDocumentsReceived',
      actor: c.compliance,
    };
  },
  'POST /admin/api/v1/affiliates': async (c) => {
    const [partner] = await fetchJson(json('GET', `${P}/partners`, c.operator));
    return {
      request: json('POST', `${P}/affiliates`, c.operator, {
        id: `audit-affiliate-${process.pid}`,
        name: 'Finanzblog Audit',
        partnerId: partner.partnerId,
      }),
      action: 'affiliate.create',
      actor: c.operator,
    };
  },
  'POST /admin/api/v1/assets/:id/incomes': async (c) => ({
    request: json('POST', `${P}/assets/${c.assetId}/incomes`, c.operator, incomeBody(currentMonth())),
    action: 'distributions.income.record',
    actor: c.operator,
  }),
  'POST /admin/api/v1/assets/:id/incomes/:incomeId/documents': async (c) => {
    const income = await fetchJson(json('POST', `${P}/assets/${c.assetId}/incomes`, c.operator, incomeBody('2026-02')));
    return {
      request: upload(`${P}/assets/${c.assetId}/incomes/${income.id}/documents`, c.operator, PDF, 'application/pdf'),
      action: 'distributions.income.document',
      actor: c.operator,
    };
  },
  'POST /admin/api/v1/assets/:id/distributions': async (c) => {
    await giveShares(t.app.db, c.investor.userId, c.assetId, 10n);
    // The provider confirms the transfers of the incomes recorded above (issue 34): then they are payable.
    const recorded = await fetchJson(json('GET', `${P}/assets/${c.assetId}/distributions`, c.operator));
    for (const income of recorded.incomes.filter((i: { status: string }) => i.status === 'expected'))
      await receiveIncome(t.app, income);
    return {
      request: json('POST', `${P}/assets/${c.assetId}/distributions`, c.operator, { periodKey: currentQuarter() }),
      action: 'distributions.proposal.propose',
      actor: c.operator,
    };
  },
  'POST /admin/api/v1/assets/:id/distributions/proposals/:proposalId/submit': async (c) => {
    // The scheduler's proposal of the quarter of the income recorded for 2026-02 above.
    const scheduled = await proposeDistribution({ db: t.app.db }, DISTRIBUTION_SCHEDULER, c.assetId, {
      periodKey: '2026-Q1',
    });
    return {
      request: json('POST', `${P}/assets/${c.assetId}/distributions/proposals/${scheduled.id}/submit`, c.operator),
      action: 'distributions.proposal.submit',
      actor: c.operator,
    };
  },
  'POST /admin/api/v1/assets/:id/distributions/proposals/:proposalId/approve': async (c) => {
    const view = await fetchJson(json('GET', `${P}/assets/${c.assetId}/distributions`, c.operator));
    const submitted = view.proposals.find((p: { periodKey: string }) => p.periodKey === currentQuarter());
    const approver = await createStaffSession(t.app, 'operator');
    return {
      request: json('POST', `${P}/assets/${c.assetId}/distributions/proposals/${submitted.id}/approve`, approver),
      action: 'distributions.proposal.approve',
      actor: approver,
    };
  },
  'POST /admin/api/v1/assets/:id/distributions/proposals/:proposalId/decline': async (c) => {
    const view = await fetchJson(json('GET', `${P}/assets/${c.assetId}/distributions`, c.operator));
    const open = view.proposals.find((p: { periodKey: string }) => p.periodKey === '2026-Q1');
    return {
      request: json('POST', `${P}/assets/${c.assetId}/distributions/proposals/${open.id}/decline`, c.operator, {
        reason: 'Niemand hielt Anteile.',
      }),
      action: 'distributions.proposal.decline',
      actor: c.operator,
    };
  },
  'POST /admin/api/v1/support/requests/:id/answer': async (c) => {
    // An investor of its own: the lock case above locked the shared one.
    const asker = await createLoggedInUser(t.app);
    const asked = await fetchJson({
      method: 'POST',
      url: '/api/v1/support/request',
      headers: asker.headers,
      payload: { subject: 'Frage', message: 'Wann kommt die Ausschüttung?' },
    });
    return {
      request: json('POST', `${P}/support/requests/${asked.id}/answer`, c.operator, { answer: 'Bald.' }),
      action: 'support.answer',
      actor: c.operator,
    };
  },
  'POST /admin/api/v1/forum/messages/:id/hide': async (c) => {
    const [message] = await t.app.db
      .insert(forumMessages)
      .values({ assetId: c.assetId, authorId: c.investor.userId, body: 'Werbung für etwas anderes' })
      .returning({ id: forumMessages.id });
    c.state.forumMessageId = message?.id ?? '';
    return {
      request: json('POST', `${P}/forum/messages/${c.state.forumMessageId}/hide`, c.operator, { reason: 'Werbung' }),
      action: 'forum.message.hide',
      actor: c.operator,
    };
  },
  'POST /admin/api/v1/forum/messages/:id/restore': async (c) => ({
    request: json('POST', `${P}/forum/messages/${c.state.forumMessageId}/restore`, c.compliance, {
      reason: 'Doch zulässig',
    }),
    action: 'forum.message.restore',
    actor: c.compliance,
  }),
  'DELETE /admin/api/v1/session': async () => {
    // A session of its own: the role change above ended `other`'s sessions.
    const member = await createStaffSession(t.app, 'auditor');
    return { request: json('DELETE', `${P}/session`, member), action: 'staff.logout', actor: member };
  },
};

let t: TestApp;
const campaign = async (c: Context, kind: 'startBonus' | 'appStoreRating' | 'birthday') => {
  const [investor] = await t.app.db
    .select({ partnerId: users.partnerId })
    .from(users)
    .where(eq(users.id, c.investor.userId));
  return {
    partnerId: investor?.partnerId,
    kind,
    title: `Aktion ${kind}`,
    amountCents: kind === 'birthday' ? null : '2500',
    tiers: kind === 'birthday' ? [{ investedCents: '100000', bonusCents: '10000' }] : null,
    applicability: 'primaryAndSecondary',
    minimumInvestmentCents: '0',
    bonusValidDays: 90,
    validFrom: new Date(Date.now() - 60_000).toISOString(),
    validUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    budgetCents: null,
  };
};
const fetchJson = async (request: InjectOptions) => {
  const response = await t.app.inject(request);
  if (response.statusCode !== 200) throw new Error(`${request.method} ${request.url}: ${response.body}`);
  return response.json().data;
};

describe('every staff change is in the audit log', () => {
  let ctx: Context;
  beforeAll(async () => {
    t = await createTestApp();
    ctx = {
      operator: await createStaffSession(t.app, 'operator'),
      compliance: await createStaffSession(t.app, 'compliance'),
      other: await createStaffSession(t.app, 'support'),
      investor: await createLoggedInUser(t.app),
      assetId: `audit-asset-${process.pid}`,
      state: {},
    };
  });
  afterAll(async () => t.close());

  it('has a case for every changing route of the permission table', () => {
    const changing = Object.keys(adminPermissions).filter((key) => !key.startsWith('GET '));
    expect(Object.keys(cases).sort()).toEqual(changing.sort());
  });

  it.each(Object.keys(cases) as ChangingRoute[])('%s writes its audit row', async (key) => {
    const { request, action, actor } = await cases[key](ctx);
    const requestId = `audit-${key.replace(/[^a-z]/gi, '').slice(0, 40)}-${Date.now()}`;
    const response = await t.app.inject({ ...request, headers: { ...request.headers, 'x-request-id': requestId } });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.requestId, requestId), eq(auditLog.action, action)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staffId: actor.staffId, staffRole: actor.role, ipAddress: '127.0.0.1' });
  });
});
