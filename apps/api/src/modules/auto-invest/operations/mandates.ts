import type { AutoInvestBody, AutoInvestMandateView, AutoInvestOverview } from '@bw/contracts';
import { autoInvestMandates, type Db } from '@bw/db';
import {
  type AutoInvestRules,
  autoInvestProblem,
  FIVE_K_LIMIT_CENTS,
  formatSigningCents,
  monthOfDate,
  SIGNING_DETAIL_MAX_LENGTH,
  viennaDate,
} from '@bw/domain';
import { and, eq } from 'drizzle-orm';
import type { Outbox } from '../../../jobs/outbox.js';
import { enqueueRealtimeUpdates } from '../../../jobs/realtime-jobs.js';
import { AppError } from '../../../lib/app-error.js';
import type { SettlementRegistry } from '../../../platform/settlements.js';
import {
  moveStandingOrder,
  resolveStandingOrder,
  type StandingOrderMove,
  type StandingOrderStore,
} from '../../savings/standing-orders.js';
import {
  createSigningRequest,
  type SigningOutcome,
  withdrawSigningRequest,
} from '../../security-app/signing-requests.js';
import {
  listAutoInvestExecutions,
  listMandates,
  lockMandate,
  lockMandateBySigningRequest,
  lockOpenMandate,
  type MandateRow,
  setMandateStatus,
} from '../auto-invest.repo.js';

/** The investor has this long to sign the mandate in the security app. */
export const AUTO_INVEST_SIGNING_SECONDS = 15 * 60;

type MandateInput = AutoInvestBody & { userId: string; now: Date };

const OBJECT_TYPE_TEXT: Record<string, string> = {
  residential: 'Wohnen',
  commercial: 'Gewerbe',
  industry: 'Industrie',
  energy: 'Energie',
};
const MARKET_TEXT = { primary: 'Zeichnung', secondary: 'Marktplatz' } as const;

/** Basis points as German percent text ("4,50 %"), without floats. */
const percentText = (bps: number) => `${Math.floor(bps / 100)},${String(bps % 100).padStart(2, '0')} %`;

/**
 * The mandate as the signed request states it: what it buys in `assetName` ("Objekte: Wohnen,
 * Energie; Länder: AT, DE; Märkte: Zeichnung"), the budget, the other rules and the 5,000 €
 * confirmation in `description`. Both fit the protocol's 200 characters for every valid mandate
 * (all object types, 20 countries, both markets; the largest budget, a change, every limit at its
 * widest, the confirmation: 166 and 196), so no valid mandate is refused for its wording.
 */
export const mandateTexts = (
  budgetCents: bigint,
  rules: AutoInvestRules,
  accepted5k: boolean,
  change: boolean,
): { assetName: string; description: string } => {
  const types = rules.objectTypes.length === 0 ? 'alle' : rules.objectTypes.map((t) => OBJECT_TYPE_TEXT[t]).join(', ');
  const countries = rules.countryCodes.length === 0 ? 'alle' : rules.countryCodes.join(', ');
  const markets = rules.markets.map((market) => MARKET_TEXT[market]).join(' und ');
  const texts = {
    assetName: `Objekte: ${types}; Länder: ${countries}; Märkte: ${markets}`,
    description: [
      `${change ? 'Geändertes ' : ''}Auto-Invest bis auf Widerruf: bis ${formatSigningCents(budgetCents.toString())}/Monat`,
      `Rendite ab ${percentText(rules.minYieldBps)}`,
      `je Objekt max. ${percentText(rules.maxPortfolioShareBps)} des Portfolios`,
      `höchstens ${percentText(rules.maxDeviationBps)} über 30-Tage-Schnitt`,
      ...(accepted5k ? ['Käufe über 5.000 € bestätigt'] : []),
    ].join('; '),
  };
  if (texts.assetName.length > SIGNING_DETAIL_MAX_LENGTH || texts.description.length > SIGNING_DETAIL_MAX_LENGTH)
    throw new AppError('AUTO_INVEST_RULES_INVALID');
  return texts;
};

const realtime = (outbox: Outbox, tx: Db, userId: string) =>
  enqueueRealtimeUpdates(outbox, tx, { userIds: [userId], assetIds: [], reason: 'autoInvest' });

/** Checks the mandate as stated and writes it pending with its signing request of kind `autoInvest`. */
const insertPendingMandate = async (
  tx: Db,
  outbox: Outbox,
  input: MandateInput,
  replaces: MandateRow | null,
): Promise<string> => {
  const budgetCents = BigInt(input.budget);
  const rules: AutoInvestRules = input.rules;
  const problem = autoInvestProblem({ budgetCents, rules });
  if (problem) throw new AppError(problem);
  const accepted5k = input.accepted5kLimit === true;
  if (budgetCents > FIVE_K_LIMIT_CENTS && !accepted5k) throw new AppError('INVESTMENT_5K_CONFIRMATION_REQUIRED');
  const request = await createSigningRequest(tx, {
    userId: input.userId,
    kind: 'autoInvest',
    expiresInSeconds: AUTO_INVEST_SIGNING_SECONDS,
    now: input.now,
    payload: {
      ...mandateTexts(budgetCents, rules, accepted5k, replaces !== null),
      amountCents: budgetCents.toString(),
    },
  });
  const [mandate] = await tx
    .insert(autoInvestMandates)
    .values({
      userId: input.userId,
      budgetCents,
      objectTypes: [...rules.objectTypes],
      countryCodes: [...rules.countryCodes],
      minYieldBps: rules.minYieldBps,
      maxPortfolioShareBps: rules.maxPortfolioShareBps,
      maxDeviationBps: rules.maxDeviationBps,
      markets: [...rules.markets],
      acknowledgedAppropriateness: input.acknowledgedAppropriateness === true,
      accepted5kLimit: accepted5k,
      signingRequestId: request.id,
      replacesMandateId: replaces?.id ?? null,
      // The rotation's place is the investor's, not the mandate's: a change keeps it (ADR 0052).
      lastServedAt: replaces?.lastServedAt ?? null,
      createdAt: input.now,
    })
    .returning({ id: autoInvestMandates.id });
  if (!mandate) throw new Error('the mandate was not written');
  await realtime(outbox, tx, input.userId);
  return mandate.id;
};

const viewOf = async (db: Db, userId: string, mandateId: string, now: Date): Promise<AutoInvestMandateView> => {
  const mandate = (await listMandates(db, userId, monthOfDate(viennaDate(now)))).find((one) => one.id === mandateId);
  if (!mandate) throw new Error('the mandate was not found after writing it');
  return mandate;
};

/** Withdraws the pending mandates of the investor (an earlier unsigned setup or change). */
const withdrawPending = async (
  tx: Db,
  settlements: SettlementRegistry,
  userId: string,
  now: Date,
  replacing: string | null,
): Promise<void> => {
  const pending = await tx
    .select({ id: autoInvestMandates.id, signingRequestId: autoInvestMandates.signingRequestId })
    .from(autoInvestMandates)
    .where(and(eq(autoInvestMandates.userId, userId), eq(autoInvestMandates.status, 'pending')));
  for (const one of pending) {
    if (replacing !== null && one.id === replacing) continue;
    await setMandateStatus(tx, one.id, 'rejected', now);
    await withdrawSigningRequest(tx, settlements, { userId, requestId: one.signingRequestId, now });
  }
};

/** Sets auto-invest up: pending until signed (ADR 0052); one open mandate per investor. */
export const createAutoInvest = async (
  db: Db,
  outbox: Outbox,
  settlements: SettlementRegistry,
  input: MandateInput,
): Promise<AutoInvestMandateView> => {
  const id = await db.transaction(async (tx) => {
    if (await lockOpenMandate(tx, input.userId)) throw new AppError('AUTO_INVEST_ALREADY_OPEN');
    await withdrawPending(tx, settlements, input.userId, input.now, null);
    return insertPendingMandate(tx, outbox, input, null);
  });
  return viewOf(db, input.userId, id, input.now);
};

/**
 * Changes the rules or the budget: a new mandate, pending until signed, that replaces the old one
 * when its signature arrives (the old one keeps buying until then). The month's spending counts for
 * the new budget too (`spentInMonth` sums the investor's mandates).
 */
export const changeAutoInvest = async (
  db: Db,
  outbox: Outbox,
  settlements: SettlementRegistry,
  input: MandateInput & { mandateId: string },
): Promise<AutoInvestMandateView> => {
  const id = await db.transaction(async (tx) => {
    const mandate = await lockMandate(tx, input.mandateId, input.userId);
    if (!mandate) throw new AppError('AUTO_INVEST_NOT_FOUND');
    if (mandate.status !== 'active' && mandate.status !== 'paused') throw new AppError('AUTO_INVEST_NOT_CHANGEABLE');
    await withdrawPending(tx, settlements, input.userId, input.now, null);
    return insertPendingMandate(tx, outbox, input, mandate);
  });
  return viewOf(db, input.userId, id, input.now);
};

/** Where mandates are kept, for the lifecycle every standing order shares. */
const MANDATES: StandingOrderStore<MandateRow> = {
  lock: lockMandate,
  lockBySigningRequest: lockMandateBySigningRequest,
  setStatus: setMandateStatus,
  notFound: 'AUTO_INVEST_NOT_FOUND',
  notChangeable: 'AUTO_INVEST_NOT_CHANGEABLE',
};

/** Pauses, resumes or ends a mandate at once (`moveStandingOrder`). */
export const moveAutoInvest = async (
  db: Db,
  outbox: Outbox,
  settlements: SettlementRegistry,
  input: { userId: string; mandateId: string; move: StandingOrderMove; now: Date },
): Promise<AutoInvestMandateView> => {
  await db.transaction(async (tx) => {
    await moveStandingOrder(tx, settlements, MANDATES, { ...input, id: input.mandateId });
    await realtime(outbox, tx, input.userId);
  });
  return viewOf(db, input.userId, input.mandateId, input.now);
};

/** Only the mandate a change names is replaced; a setup signed beside another open one ends that one too. */
const replaceOpenMandate = async (tx: Db, mandate: MandateRow, now: Date): Promise<void> => {
  const open = await lockOpenMandate(tx, mandate.userId);
  if (open) await setMandateStatus(tx, open.id, 'replaced', now);
};

/** The `autoInvest` signing hook: signed → active (the mandate it changes → replaced), else rejected/expired. */
export const onAutoInvestSigningOutcome =
  (outbox: Outbox) =>
  async (tx: Db, outcome: SigningOutcome): Promise<void> => {
    const userId = await resolveStandingOrder(tx, MANDATES, outcome, replaceOpenMandate);
    if (userId) await realtime(outbox, tx, userId);
  };

export const autoInvestOverview = async (db: Db, userId: string, now: Date): Promise<AutoInvestOverview> => ({
  mandates: await listMandates(db, userId, monthOfDate(viennaDate(now))),
  executions: await listAutoInvestExecutions(db, { userId }),
});
