/** Spec sections 4 and 9: the identification reminder is tomorrow at 18:00 or the coming Sunday at 15:00. */
export const REMINDER_TOMORROW_HOUR = 18;
export const REMINDER_SUNDAY_HOUR = 15;
const SUNDAY = 0;
const DAYS_PER_WEEK = 7;

/** Tomorrow at 18:00 local time. */
export const tomorrowEvening = (now: Date): Date => {
  const date = new Date(now);
  date.setDate(now.getDate() + 1);
  date.setHours(REMINDER_TOMORROW_HOUR, 0, 0, 0);
  return date;
};

/** The coming Sunday at 15:00 local time; on a Sunday that is the next one, a week ahead. */
export const comingSundayAfternoon = (now: Date): Date => {
  const date = new Date(now);
  const daysAhead = (DAYS_PER_WEEK - now.getDay() + SUNDAY) % DAYS_PER_WEEK || DAYS_PER_WEEK;
  date.setDate(now.getDate() + daysAhead);
  date.setHours(REMINDER_SUNDAY_HOUR, 0, 0, 0);
  return date;
};
