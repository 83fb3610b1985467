/** Demo bonus codes (flag bonusCodes): one for the primary market, one for both markets. */
export const demoBonusCodes = [
  {
    code: 'WILLKOMMEN25',
    title: 'Willkommensbonus 25 €',
    amountCents: 2_500n,
    applicability: 'primaryMarket' as const,
  },
  {
    code: 'ZIEGEL10',
    title: 'Ziegelbonus 10 €',
    amountCents: 1_000n,
    applicability: 'primaryAndSecondary' as const,
    minimumInvestmentCents: 10_000n,
  },
];

export const DAY_MS = 86_400_000;
const NOTARY_WEEKS = 6;
export const NOTARY_SEATS = 8;

/** Every Tuesday and Thursday at 10:00 UTC for the coming weeks, from tomorrow on. */
export const appointmentTimes = (now: Date): Date[] => {
  const times: Date[] = [];
  for (let day = 1; day <= NOTARY_WEEKS * 7; day += 1) {
    const date = new Date(now.getTime() + day * DAY_MS);
    if (date.getUTCDay() !== 2 && date.getUTCDay() !== 4) continue;
    date.setUTCHours(10, 0, 0, 0);
    times.push(date);
  }
  return times;
};
