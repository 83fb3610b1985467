import type { Db } from '@bw/db';
import type { Outbox } from '../../jobs/outbox.js';
import type { JobContext } from '../../jobs/registry.js';
import type { InvestorEvent } from './investor-event.js';
import { investorNotification } from './notification-texts.js';
import { notifyUser, notifyUserFromJob } from './notify-user.js';

export { type InvestorEvent, type InvestorEventKind, investorEventKinds } from './investor-event.js';

/**
 * The one call for a money event or a verdict (issue 35, ADR 0026 addendum), made by the
 * operation that books it, inside its transaction: one inbox entry, delivered through the outbox
 * after the commit.
 */
export const notifyInvestor = (tx: Db, outbox: Outbox, event: InvestorEvent): Promise<string | null> =>
  notifyUser(tx, outbox, investorNotification(event));

/**
 * For an event that is itself an outbox job (a distribution's payment per holder, ADR 0025): the
 * entry is written and delivered by the job; a retried job finds it by its key.
 */
export const notifyInvestorFromJob = (context: JobContext, event: InvestorEvent): Promise<string | null> =>
  notifyUserFromJob(context, investorNotification(event));
