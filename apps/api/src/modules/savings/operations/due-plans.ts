import type { Db } from '@bw/db';
import { addDays, SAVINGS_PLAN_MAX_DAY, SAVINGS_PLAN_REMINDER_DAYS, savingsPlanDue, viennaDate } from '@bw/domain';
import type { Outbox } from '../../../jobs/outbox.js';
import { balanceOf } from '../../../ledger/ledger.js';
import { savingsReminderNotification } from '../../notifications/notification-texts.js';
import { notifyUser } from '../../notifications/notify-user.js';
import { activePlansOnDays, type PlanRow } from '../savings.repo.js';

/** The outbox topic of one plan's execution in one month (key `savings:<plan>:<month>`). */
export const EXECUTE_SAVINGS_PLAN_TOPIC = 'savings.execute-plan';

const PAGE = 1_000;

const lastMonthOf = (plan: PlanRow & { lastMonth: string | null }): string | null =>
  [plan.lastMonth, plan.carriedMonth]
    .filter((month): month is string => !!month)
    .sort()
    .at(-1) ?? null;

const dayOf = (date: string) => Number(date.slice(8, 10));

/** Every active plan on `days`, page by page (keyset on the id). */
async function* activePlans(db: Db, days: number[]) {
  let after: string | null = null;
  for (;;) {
    const page = await activePlansOnDays(db, days, after, PAGE);
    yield* page;
    if (page.length < PAGE) return;
    after = page.at(-1)?.id ?? null;
  }
}

/**
 * The daily savings job (ADR 0045): enqueues one execution per plan due today (its day has come
 * this month, it was signed before and has not executed this month: a day missed while the job
 * was down is caught up), and reminds the investors whose plan executes in two days when the
 * payment account's available balance will not cover it (once per plan and month).
 */
export const runDueSavingsPlans = async (
  db: Db,
  outbox: Outbox,
  now: Date,
): Promise<{ enqueued: number; reminded: number }> => {
  const today = viennaDate(now);
  const days = Array.from({ length: Math.min(dayOf(today), SAVINGS_PLAN_MAX_DAY) }, (_, i) => i + 1);
  let enqueued = 0;
  let batch: { key: string; payload: { planId: string; month: string } }[] = [];
  const flush = async () => {
    if (batch.length > 0) await outbox.enqueueMany(db, EXECUTE_SAVINGS_PLAN_TOPIC, batch);
    enqueued += batch.length;
    batch = [];
  };
  for await (const plan of activePlans(db, days)) {
    const month = savingsPlanDue({
      today,
      dayOfMonth: plan.dayOfMonth,
      activatedOn: viennaDate(plan.activatedAt ?? now),
      lastExecutedMonth: lastMonthOf(plan),
    });
    if (!month) continue;
    batch.push({ key: `savings:${plan.id}:${month}`, payload: { planId: plan.id, month } });
    if (batch.length >= PAGE) await flush();
  }
  await flush();

  const reminderDate = addDays(today, SAVINGS_PLAN_REMINDER_DAYS);
  let reminded = 0;
  if (dayOf(reminderDate) <= SAVINGS_PLAN_MAX_DAY) {
    for await (const plan of activePlans(db, [dayOf(reminderDate)])) {
      const month = savingsPlanDue({
        today: reminderDate,
        dayOfMonth: plan.dayOfMonth,
        activatedOn: viennaDate(plan.activatedAt ?? now),
        lastExecutedMonth: lastMonthOf(plan),
      });
      if (!month) continue;
      const availableCents = await balanceOf(db, { kind: 'user_cash', userId: plan.userId });
      if (availableCents >= plan.amountCents) continue;
      const id = await db.transaction((tx) =>
        notifyUser(
          tx,
          outbox,
          savingsReminderNotification({
            userId: plan.userId,
            planId: plan.id,
            date: reminderDate,
            amountCents: plan.amountCents,
            availableCents,
          }),
        ),
      );
      if (id) reminded += 1;
    }
  }
  return { enqueued, reminded };
};
