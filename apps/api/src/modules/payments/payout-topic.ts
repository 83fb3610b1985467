/** The outbox topic (and job) that asks the provider to pay out a confirmed, released payout. */
export const SEND_PAYOUT_TOPIC = 'payments.send-payout';
