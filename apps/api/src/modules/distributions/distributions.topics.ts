/** The outbox topic of one distribution payment (issue 22); its own file so the engine and the jobs both import it. */
export const DISTRIBUTION_PAID_TOPIC = 'distributions.paid';
