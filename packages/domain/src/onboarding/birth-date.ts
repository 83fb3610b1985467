import { calendarDay } from '../assets/price-history.js';
import { onboardingMessages } from './messages.js';

/** Spec section 5: the person must be over 18 (of age from the 18th birthday on). */
export const MINIMUM_AGE_YEARS = 18;
const EARLIEST_BIRTH_YEAR = 1900;

export type BirthDateResult =
  | { readonly ok: true; readonly birthDate: string }
  | { readonly ok: false; readonly reason: 'required' | 'invalid' | 'underage'; readonly message: string };

/** Birthdays are counted on the platform's calendar (Europe/Vienna). */
export const calendarDateIn = (instant: Date): string => calendarDay(instant.getTime());

const isRealDate = (year: number, month: number, day: number): boolean => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * Spec section 5, Birth date: required, a real calendar date (YYYY-MM-DD, not in the future,
 * not before 1900), and the person at least 18 on `now`'s date in Vienna. Someone born on
 * 29 February comes of age on 1 March in a common year.
 */
export const validateBirthDate = (input: string | null | undefined, now: Date): BirthDateResult => {
  const text = input?.trim() ?? '';
  if (text === '') return { ok: false, reason: 'required', message: onboardingMessages.birthDateRequired };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return { ok: false, reason: 'invalid', message: onboardingMessages.birthDateInvalid };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const today = calendarDateIn(now);
  if (!isRealDate(year, month, day) || year < EARLIEST_BIRTH_YEAR || text > today) {
    return { ok: false, reason: 'invalid', message: onboardingMessages.birthDateInvalid };
  }
  if (!isOfAgeOn(text, today)) return { ok: false, reason: 'underage', message: onboardingMessages.birthDateUnderage };
  return { ok: true, birthDate: text };
};

/**
 * Spec sections 5 and 9: of age (18) on the calendar day `today` (YYYY-MM-DD, Vienna), for a birth
 * date YYYY-MM-DD. The 18th birthday compared as text: someone born on 29 February comes of age on
 * 1 March in a common year (the day "02-29" sorts after every real day of February).
 */
export const isOfAgeOn = (birthDate: string, today: string): boolean =>
  `${String(Number(birthDate.slice(0, 4)) + MINIMUM_AGE_YEARS).padStart(4, '0')}${birthDate.slice(4)}` <= today;
